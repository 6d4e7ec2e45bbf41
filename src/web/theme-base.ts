import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs, type SystemConfig } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

type Theme = NonNullable<SystemConfig['theme']>;

/**
 * Chakra's default look (tokens, global styles, our touch targets and contrast) with the given
 * recipes only: each system carries the styles of the components its screens use, no more.
 */
export function systemWith(recipes: Theme['recipes'], slotRecipes: Theme['slotRecipes']) {
  return createSystem(
    mergeConfigs(
      defaultBaseConfig,
      defineConfig({
        preflight: true,
        cssVarsRoot,
        cssVarsPrefix,
        globalCss,
        theme: {
          breakpoints,
          keyframes,
          tokens,
          semanticTokens,
          textStyles,
          layerStyles,
          animationStyles,
          recipes,
          slotRecipes,
        },
      }),
      defineConfig({
        globalCss: {
          // Touch targets of at least 44x44 px on phones (below md), for every screen at once.
          'button, select, input:not([type=checkbox]):not([type=radio]):not([type=hidden]), label[data-scope=checkbox][data-part=root]':
            {
              minHeight: { base: '44px', md: 'auto' },
            },
          button: { minWidth: { base: '44px', md: 'auto' } },
          // Whoever asks the system for less motion gets dialogs, drawers and menus that appear
          // and leave at once (the end-of-animation events still fire, so they unmount as usual).
          '*, *::before, *::after': {
            _motionReduce: {
              animationDuration: '0.01ms !important',
              animationDelay: '0s !important',
              transitionDuration: '0.01ms !important',
              transitionDelay: '0s !important',
              scrollBehavior: 'auto !important',
            },
          },
        },
        theme: {
          semanticTokens: {
            colors: {
              // White on teal.600 is 3.7:1, under WCAG AA's 4.5:1 for text: solid teal (buttons, the
              // active menu entry) is teal.700 (5.5:1).
              teal: { solid: { value: '{colors.teal.700}' } },
            },
          },
        },
      }),
    ),
  );
}
