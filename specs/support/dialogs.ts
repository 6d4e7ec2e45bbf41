import { screen } from '@testing-library/react';

/**
 * A button of the dialog opened last (e.g. 'Aceptar' of a result dialog over a form).
 *
 * Chakra hides what is behind a modal one animation frame after it opens. When a second dialog
 * opens within that frame (a test submits at once; a person cannot), happy-dom can apply the
 * first dialog's hiding after the second one mounted and leave it marked aria-hidden. So this
 * layer also finds hidden buttons, the newest first; the Chromium specs reach the same buttons
 * by role without that allowance.
 */
export const dialogButton = (name: string) => {
  const buttons = screen.getAllByRole('button', { name, hidden: true });
  return buttons[buttons.length - 1];
};

/** The alert dialog opened last (see `dialogButton`). */
export const lastAlertDialog = () => {
  const dialogs = screen.getAllByRole('alertdialog', { hidden: true });
  return dialogs[dialogs.length - 1];
};
