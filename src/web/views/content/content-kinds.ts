import type { ContentKind } from '../../../shared/content/content-rules.js';
import { paths } from '../../paths.js';

/** Where each kind's list and form live: the form edits with `?uuid=`. */
export const contentPaths: Record<ContentKind, { list: string; form: string }> = {
  notices: { list: paths.notices, form: paths.newNotice },
  newsletters: { list: paths.newsletters, form: paths.newNews },
  promotions: { list: paths.promotions, form: paths.newPromotion },
};
export const contentEditPath = (kind: ContentKind, uuid: string) =>
  `${contentPaths[kind].form}?uuid=${encodeURIComponent(uuid)}`;
