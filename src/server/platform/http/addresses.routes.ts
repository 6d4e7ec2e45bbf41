import type { FastifyInstance } from 'fastify';
import { AddressOptionSchema } from '../../../shared/session/account.answer.js';
import * as v from 'valibot';
import type { AddressOption } from '../../../shared/platform/api-types.js';
import type { Db } from '../db/db.js';
import { postalCodeColonies } from './address-rows.js';
import { defineRoute } from './route.js';
import { POSTAL_CODE_PATTERN } from '../../../shared/platform/postal-code.js';

export function addressRoutes(app: FastifyInstance, { db }: { db: Db }) {
  defineRoute(app, {
    operationId: 'listPostalCodeColonies',
    response: v.array(AddressOptionSchema),
    method: 'GET',
    url: '/api/addresses/:postalCode',
    tags: ['ubicación'],
    access: 'signedIn',
    summary: 'Colonias, ciudad y estado de un código postal',
    params: v.object({
      postalCode: v.pipe(v.string(), v.regex(POSTAL_CODE_PATTERN, 'El código postal debe tener 5 dígitos.')),
    }),
    handler: async ({ params }): Promise<AddressOption[]> => postalCodeColonies(db, params.postalCode),
  });
}
