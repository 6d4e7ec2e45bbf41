import type { FastifyInstance } from 'fastify';
import { REPORT_READERS } from '../../shared/reports/report-access.js';
import { REPORT_PAGE_SIZE, VISIT_REPORT_FILE, XLSX_MEDIA_TYPE } from '../../shared/reports/report-rules.js';
import type { VisitReportPage } from '../../shared/reports/report-types.js';
import { VisitReportPageSchema } from '../../shared/reports/visit-report.answer.js';
import {
  ScheduleParamsSchema,
  ScheduleQuerySchema,
  VisitReportFiltersSchema,
  VisitReportQuerySchema,
} from '../../shared/reports/visit-report.schema.js';
import type { AppDeps } from '../deps.js';
import { atTrailingSlash, defineRoute, requireCommunity } from '../platform/http/route.js';
import { photoLinkKey } from '../visits/photo-links.js';
import { addDateRange, filterOf } from './report-filters.js';
import { streamWorkbook } from './report-workbook.js';
import { visitExportBatches, visitFilter, visitPage, withPhotoLinks } from './visit-report.js';
import { VISIT_SHEET_NAME, visitSheetColumns } from './visit-report-sheet.js';

/** Rows per batch of an export: a cursor fetch on PostgreSQL; on PGlite, whose queries run in this thread, a keyset page short enough (tens of milliseconds) that a request waiting behind it is not noticed. */
export const exportBatchSize = (kind: 'pglite' | 'postgres') => (kind === 'postgres' ? 1_000 : 200);

/**
 * The visit report: a page of the community's visits
 * with the filters, the same filters exported as reporte_visitas.xlsx (streamed from the
 * database), and the schedule call. Administrator, guard and capturista of the community only.
 */
export function visitantReportRoutes(app: FastifyInstance, { db }: AppDeps) {
  const tags = ['reportes'];

  defineRoute(app, {
    operationId: 'getVisitReport',
    response: VisitReportPageSchema,
    errors: [404],
    method: 'GET',
    url: '/api/visitants/visitantReport',
    tags,
    access: REPORT_READERS,
    query: VisitReportQuerySchema,
    summary:
      'Reporte de visitas del fraccionamiento activo: 15 por página (page desde 0), la entrada más reciente primero; filtros de fechas locales (aaaa-mm-dd, rangos inclusivos), nombres sin distinguir mayúsculas ni acentos, vehículo y puerta de entrada',
    handler: async ({ auth, query }): Promise<VisitReportPage> => {
      const communityId = requireCommunity(auth);
      const filter = await visitFilter(db, communityId, query);
      const page = await visitPage(db, filter, query.page, REPORT_PAGE_SIZE);
      const key = await photoLinkKey(db);
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
    operationId: 'exportVisitReport',
    response: { binary: [XLSX_MEDIA_TYPE] },
    errors: [404],
    responseDescription: `El libro ${VISIT_REPORT_FILE} (Content-Disposition attachment), enviado por partes mientras se lee de la base de datos.`,
    method: 'GET',
    url: '/api/visitants/visitantReportCsv',
    tags,
    access: REPORT_READERS,
    query: VisitReportFiltersSchema,
    summary: `Exporta el reporte de visitas con los mismos filtros (sin page) como ${VISIT_REPORT_FILE}`,
    handler: async ({ auth, query, reply }) => {
      const filter = await visitFilter(db, requireCommunity(auth), query);
      await streamWorkbook(
        reply,
        VISIT_REPORT_FILE,
        VISIT_SHEET_NAME,
        visitSheetColumns,
        visitExportBatches(db, filter, exportBatchSize(db.kind)),
      );
      return reply;
    },
  });

  for (const url of ['/api/visitants/schedule/:date1/:date2/', '/api/visitants/schedule/:date1/:date2']) {
    defineRoute(app, {
      operationId: atTrailingSlash('getVisitSchedule', url),
      response: VisitReportPageSchema,
      method: 'GET',
      url,
      tags,
      access: REPORT_READERS,
      params: ScheduleParamsSchema,
      query: ScheduleQuerySchema,
      summary:
        'Visitas con entrada entre date1 y date2 (fechas locales aaaa-mm-dd, inclusivas), la más reciente primero; limit hasta 1500 por página',
      handler: async ({ auth, params, query }): Promise<VisitReportPage> => {
        const filter = filterOf('v.community_id', requireCommunity(auth));
        addDateRange(filter, 'v.entered_at', params.date1, params.date2);
        const page = await visitPage(db, filter, query.page, query.limit);
        const key = await photoLinkKey(db);
        return {
          data: withPhotoLinks(page.rows, key, auth.userUuid),
          totalPages: page.totalPages,
          totalElements: page.total,
          pageNumber: page.pageNumber,
          size: page.size,
        };
      },
    });
  }
}
