import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../shared/platform/errors.js';
import { communityRoom } from '../../shared/platform/realtime.js';
import { COMMON_AREA_VISIT_REGISTRARS, REPORT_READERS } from '../../shared/reports/report-access.js';
import {
  COMMON_AREA_REPORT_FILE,
  REPORT_PAGE_SIZE,
  ReportMessages,
  XLSX_MEDIA_TYPE,
} from '../../shared/reports/report-rules.js';
import type { CommonAreaReportPage, CommonAreaVisitRow } from '../../shared/reports/report-types.js';
import { CommonAreaReportPageSchema, CommonAreaVisitRowSchema } from '../../shared/reports/visit-report.answer.js';
import {
  CommonAreaReportQuerySchema,
  CommonAreaVisitMessages,
  RegisterCommonAreaVisitSchema,
} from '../../shared/reports/visit-report.schema.js';
import * as v from 'valibot';
import { PhotoFileSchema } from '../../shared/visits/visit-photo.schema.js';
import { communityScope } from '../platform/db/community-scope.js';
import type { AppDeps } from '../deps.js';
import { defineRoute, requireCommunity } from '../platform/http/route.js';
import {
  COMMON_AREA_SHEET_NAME,
  commonAreaExportBatches,
  commonAreaFilter,
  commonAreaPage,
  commonAreaSheetColumns,
} from '../reports/common-area-report.js';
import { photoLinkKey } from './photo-links.js';
import { streamWorkbook } from '../reports/report-workbook.js';
import { storageFor } from '../platform/services/storage.js';
import { withPhotoLinks } from '../reports/visit-report.js';
import { decodePhoto, storePhoto } from './visit-photos.js';
import { commonAreaVisitResident, insertCommonAreaVisit } from './visit-writes.js';
import { exportBatchSize } from '../reports/visitant-reports.routes.js';

/** `POST api/commonAreaVisitants`: the visit and, optionally, the guest's identification photo. */
const RegisterBodySchema = v.object(
  { ...RegisterCommonAreaVisitSchema.entries, file: v.optional(v.nullable(PhotoFileSchema), null) },
  RegisterCommonAreaVisitSchema.message,
);

const wantsWorkbook = (accept: string | undefined) =>
  (accept ?? '').split(',').some((part) => part.split(';')[0].trim() === XLSX_MEDIA_TYPE);

/**
 * Common-area visits: the report with its
 * filters (a page as JSON, or reporte_areas_comunes.xlsx streamed when `isReport=true` and
 * `Accept` asks for the spreadsheet), and the registration a guard makes at the gate, which is
 * emitted to the community's live lists as `CA_IN`.
 */
/** Rows of the report read as a list (no `page`): the newest; the workbook holds every row. */
const COMMON_AREA_LIST_MAX = 5000;

export function commonAreaVisitRoutes(app: FastifyInstance, { db, config, realtime }: AppDeps) {
  const tags = ['reportes'];
  const storage = storageFor(config);

  defineRoute(app, {
    operationId: 'getCommonAreaReport',
    response: v.union([v.array(CommonAreaVisitRowSchema), CommonAreaReportPageSchema]),
    errors: [404],
    alsoBinary: [XLSX_MEDIA_TYPE],
    responseDescription: `La página del reporte (JSON); con isReport=true y Accept: ${XLSX_MEDIA_TYPE}, el libro ${COMMON_AREA_REPORT_FILE} completo, enviado por partes.`,
    method: 'GET',
    url: '/api/commonAreaVisitants',
    tags,
    access: REPORT_READERS,
    query: CommonAreaReportQuerySchema,
    summary: `Reporte de visitas a áreas comunes: residente, invitado, fecha de entrada (aaaa-mm-dd o DD-MM-AAAA), área común y modo de entrada (qr, manual o todos); sin \`page\`, la lista (las ${COMMON_AREA_LIST_MAX} más recientes); con \`page\`, 15 por página; o el libro de Excel`,
    handler: async ({
      auth,
      query,
      req,
      reply,
    }): Promise<CommonAreaReportPage | CommonAreaVisitRow[] | FastifyReply> => {
      const filter = await commonAreaFilter(db, requireCommunity(auth), query);
      if (query.isReport && wantsWorkbook(req.headers.accept)) {
        await streamWorkbook(
          reply,
          COMMON_AREA_REPORT_FILE,
          COMMON_AREA_SHEET_NAME,
          commonAreaSheetColumns,
          commonAreaExportBatches(db, filter, exportBatchSize(db.kind)),
        );
        return reply; // taken over: the workbook was streamed
      }
      const key = await photoLinkKey(db);
      if (query.page === undefined) {
        const all = await commonAreaPage(db, filter, 0, COMMON_AREA_LIST_MAX);
        return withPhotoLinks(all.rows, key, auth.userUuid);
      }
      const page = await commonAreaPage(db, filter, query.page, REPORT_PAGE_SIZE);
      return {
        data: withPhotoLinks(page.rows, key, auth.userUuid),
        totalPages: page.totalPages,
        totalElements: page.total,
        pageNumber: page.pageNumber,
        size: page.size,
      };
    },
  });

  defineRoute(app, {
    operationId: 'registerCommonAreaVisit',
    response: CommonAreaVisitRowSchema,
    errors: [404],
    status: 201,
    method: 'POST',
    url: '/api/commonAreaVisitants',
    tags,
    access: COMMON_AREA_VISIT_REGISTRARS,
    body: RegisterBodySchema,
    summary:
      'Registra la entrada de un invitado a un área común del fraccionamiento activo (vigilante o administrador), con foto de identificación opcional (JPEG o PNG, 2 MB); emite CA_IN',
    handler: async ({ auth, body }): Promise<CommonAreaVisitRow> => {
      const scope = communityScope(db, auth);
      const areaId = await scope.idOf('common_areas', { uuid: body.commonAreaUuid });
      if (areaId === undefined)
        throw new AppError('not_found', ReportMessages.commonAreaNotFound, {
          commonAreaUuid: ReportMessages.commonAreaNotFound,
        });
      let residentId: number | null = null;
      if (body.residentUuid) {
        const resident = await commonAreaVisitResident(scope, body.residentUuid);
        if (resident === undefined)
          throw new AppError('not_found', CommonAreaVisitMessages.residentNotFound, {
            residentUuid: CommonAreaVisitMessages.residentNotFound,
          });
        residentId = resident;
      }
      const photo = body.file ? decodePhoto(body.file) : null;
      const row = await scope.tx(async (tx, q) => {
        const photoId = photo ? await storePhoto(storage, q, photo) : null;
        return insertCommonAreaVisit(tx, {
          ...body,
          commonAreaId: areaId,
          residentId,
          photoFileId: photoId,
          userId: auth.userId,
        });
      });
      const { fracUuid, ...visit } = row;
      realtime.io.to(communityRoom(fracUuid)).emit('CA_IN', {
        uuid: visit.uuid,
        fracUuid,
        commonArea: visit.commonArea,
        createdWithQR: visit.createdWithQR,
        at: visit.timein,
      });
      return withPhotoLinks([visit], await photoLinkKey(db), auth.userUuid)[0];
    },
  });
}
