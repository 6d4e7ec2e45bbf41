import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import {
  alertSlotRecipe, animationStyles, avatarSlotRecipe, badgeRecipe, breakpoints, buttonRecipe, cardSlotRecipe, checkboxSlotRecipe,
  cssVarsPrefix, cssVarsRoot, dialogSlotRecipe, fieldSlotRecipe, globalCss, headingRecipe, inputRecipe, keyframes, layerStyles,
  linkRecipe, menuSlotRecipe, nativeSelectSlotRecipe, semanticTokens, separatorRecipe, skeletonRecipe, spinnerRecipe, statSlotRecipe,
  tableSlotRecipe, tabsSlotRecipe, textStyles, textareaRecipe, tokens, tooltipSlotRecipe, iconRecipe, inputAddonRecipe,
  checkmarkRecipe, radiomarkRecipe, containerRecipe, codeRecipe, kbdRecipe, emptyStateSlotRecipe, fieldsetSlotRecipe, fileUploadSlotRecipe,
  listSlotRecipe, popoverSlotRecipe, progressSlotRecipe, radioGroupSlotRecipe, selectSlotRecipe, switchSlotRecipe, tagSlotRecipe,
  toastSlotRecipe, numberInputSlotRecipe, drawerSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default look with only the recipes our screens use, so the first screen stays small
 * (the full default system carries every component's styles). Add a recipe here when a screen
 * starts using a component that has one.
 */
export const system = createSystem(mergeConfigs(defaultBaseConfig, defineConfig({
  preflight: true, cssVarsRoot, cssVarsPrefix, globalCss,
  theme: {
    breakpoints, keyframes, tokens, semanticTokens, textStyles, layerStyles, animationStyles,
    recipes: {
      badge: badgeRecipe, button: buttonRecipe, heading: headingRecipe, input: inputRecipe, link: linkRecipe, separator: separatorRecipe,
      skeleton: skeletonRecipe, spinner: spinnerRecipe, textarea: textareaRecipe, icon: iconRecipe, inputAddon: inputAddonRecipe,
      checkmark: checkmarkRecipe, radiomark: radiomarkRecipe, container: containerRecipe, code: codeRecipe, kbd: kbdRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe, avatar: avatarSlotRecipe, card: cardSlotRecipe, checkbox: checkboxSlotRecipe, dialog: dialogSlotRecipe,
      field: fieldSlotRecipe, menu: menuSlotRecipe, nativeSelect: nativeSelectSlotRecipe, stat: statSlotRecipe, table: tableSlotRecipe,
      tabs: tabsSlotRecipe, tooltip: tooltipSlotRecipe,
      emptyState: emptyStateSlotRecipe, fieldset: fieldsetSlotRecipe, fileUpload: fileUploadSlotRecipe, list: listSlotRecipe,
      popover: popoverSlotRecipe, progress: progressSlotRecipe, radioGroup: radioGroupSlotRecipe, select: selectSlotRecipe,
      switch: switchSlotRecipe, tag: tagSlotRecipe, toast: toastSlotRecipe, numberInput: numberInputSlotRecipe, drawer: drawerSlotRecipe,
    },
  },
}), defineConfig({
  globalCss: {
    // Touch targets of at least 44x44 px on phones (below md), for every screen at once.
    'button, select, input:not([type=checkbox]):not([type=radio]):not([type=hidden]), label[data-scope=checkbox][data-part=root]': {
      minHeight: { base: '44px', md: 'auto' },
    },
    button: { minWidth: { base: '44px', md: 'auto' } },
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
})));
