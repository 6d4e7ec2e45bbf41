import { describe, expect, it } from 'vitest';
import {
  canShareFiles,
  invitationShareData,
  invitationShareText,
  isShareDismissed,
  isShareNotAllowed,
} from '../../../src/shared/massive-events/invitation-share.js';
import { DEFAULT_INVITATION_MESSAGE } from '../../../src/shared/settings/settings-rules.js';

const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'invitacion.png', { type: 'image/png' });
const share = async () => undefined;

describe("'Compartir': files are shared only where the browser says it can share them; the text is the community's message", () => {
  it('shares files only with navigator.share and navigator.canShare({ files }) answering true', () => {
    expect(canShareFiles(undefined, png)).toBe(false);
    expect(canShareFiles({}, png)).toBe(false);
    expect(canShareFiles({ share }, png)).toBe(false);
    expect(canShareFiles({ canShare: () => true }, png)).toBe(false);
    expect(canShareFiles({ share, canShare: () => false }, png)).toBe(false);
    expect(
      canShareFiles(
        {
          share,
          canShare: () => {
            throw new TypeError('files not supported');
          },
        },
        png,
      ),
    ).toBe(false);
    let asked: ShareData | null = null;
    expect(
      canShareFiles(
        {
          share,
          canShare: (data) => {
            asked = data;
            return true;
          },
        },
        png,
      ),
    ).toBe(true);
    expect(asked).toEqual({ files: [png] });
  });

  it("the text is the community's invitation message (settings), or the default one when it has none", () => {
    expect(invitationShareText({ invitationMessage: '  ¡Te esperamos en la posada!  ' })).toBe(
      '¡Te esperamos en la posada!',
    );
    expect(invitationShareText({ invitationMessage: '   ' })).toBe(DEFAULT_INVITATION_MESSAGE);
    expect(invitationShareText(null)).toBe(DEFAULT_INVITATION_MESSAGE);
    expect(invitationShareData([png], 'Hola')).toEqual({ files: [png], text: 'Hola', title: 'Invitación' });
  });

  it('closing the share sheet (AbortError) is not a failure; NotAllowedError falls back to the download; anything else is a failure', () => {
    expect(isShareDismissed(Object.assign(new Error('cancelado'), { name: 'AbortError' }))).toBe(true);
    expect(isShareDismissed(new TypeError('Permission denied'))).toBe(false);
    expect(isShareDismissed({ kind: 'network' })).toBe(false);
    // The browser refusing to open the sheet (the click's activation ran out) sends the invitations to the download.
    expect(isShareNotAllowed(Object.assign(new Error('gesto'), { name: 'NotAllowedError' }))).toBe(true);
    expect(isShareNotAllowed(Object.assign(new Error('cancelado'), { name: 'AbortError' }))).toBe(false);
  });
});
