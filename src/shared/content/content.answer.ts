/** Answers of `api/notices`, `api/newsletters` and `api/promotions`. Field names are the contract's. */
import * as v from 'valibot';

/** The attached image: `publicUrl` is served to the community's members only. */
export const ContentFileSchema = v.object({
  uuid: v.string(),
  name: v.string(),
  extension: v.string(),
  mimeType: v.string(),
  publicUrl: v.string(),
});

const common = {
  uuid: v.string(),
  title: v.string(),
  description: v.string(),
  contactName: v.nullable(v.string()),
  contactPhone: v.nullable(v.string()),
  contactEmail: v.nullable(v.string()),
  contactLink: v.nullable(v.string()),
  /** YYYY-MM-DDTHH:mm:ss, the community's wall-clock time. */
  startDate: v.string(),
  endDate: v.string(),
  fileId: v.nullable(v.number()),
  file: v.nullable(ContentFileSchema),
};

export const PromotionAnswerSchema = v.object(common);

export const NewsletterAnswerSchema = v.object({
  ...common,
  /** The type's label: 'Restaurante', 'Deportes', 'Social' or 'Eventos'. */
  type: v.string(),
  /** Its code: 5, 1, 2 or 3. */
  typeId: v.number(),
});

const ZoneSegment = v.object({ idZone: v.number(), uuid: v.string(), name: v.string() });
const StreetSegment = v.object({ idStreet: v.number(), uuid: v.string(), name: v.string(), idZone: v.number() });
const ResidentSegment = v.object({
  idResident: v.number(),
  uuid: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  idStreet: v.number(),
});

export const NoticeAnswerSchema = v.object({
  ...common,
  /**
   * false: the whole community; the lists are then null. The lists (who a segmented notice went
   * to) are answered only to the staff who write notices; every other reader gets null.
   */
  segmented: v.boolean(),
  zones: v.nullable(v.array(ZoneSegment)),
  streets: v.nullable(v.array(StreetSegment)),
  residents: v.nullable(v.array(ResidentSegment)),
});

export type NoticeAnswer = v.InferOutput<typeof NoticeAnswerSchema>;
export type NewsletterAnswer = v.InferOutput<typeof NewsletterAnswerSchema>;
export type PromotionAnswer = v.InferOutput<typeof PromotionAnswerSchema>;
export type ContentAnswer = NoticeAnswer | NewsletterAnswer | PromotionAnswer;
