import {
  buttonRecipe,
  fieldSlotRecipe,
  headingRecipe,
  inputRecipe,
  linkRecipe,
  spinnerRecipe,
} from '@chakra-ui/react/theme';
import { systemWith } from './theme-base.js';

/**
 * The system the first screen starts on: the recipes of sign-in, its loading spinner and the
 * not-found page only, so the first screen does not carry every other component's styles.
 */
export const firstScreenSystem = systemWith(
  { button: buttonRecipe, heading: headingRecipe, input: inputRecipe, link: linkRecipe, spinner: spinnerRecipe },
  { field: fieldSlotRecipe },
);
