import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { createFormat, parseFullAddress, updateFormat } from '../../../src/shared/contractors/contractor-address.js';
import { earliestStart, endPickerEnabled, siteStatusText } from '../../../src/shared/contractors/construction-rules.js';
import { constructionFormSchema } from '../../../src/shared/contractors/construction.schema.js';
import { contractorBodyOf } from '../../../src/shared/contractors/contractor.schema.js';

const parts = { street: 'Calle 5 de Mayo, Col. Centro', number: '12-B', postalCode: '76000', city: 'Querétaro' };

describe('contractor address (composed on create and on update, parsed back)', () => {
  it("create format is 'city, street, #number, C.P.:code'; update format is 'street, #number, CP.code, city'", () => {
    expect(createFormat(parts)).toBe('Querétaro, Calle 5 de Mayo, Col. Centro, #12-B, C.P.:76000');
    expect(updateFormat(parts)).toBe('Calle 5 de Mayo, Col. Centro, #12-B, CP.76000, Querétaro');
  });

  it('both formats read back into the same parts (a street may hold commas)', () => {
    expect(parseFullAddress(createFormat(parts))).toEqual(parts);
    expect(parseFullAddress(updateFormat(parts))).toEqual(parts);
    expect(parseFullAddress('Av. Juárez 455 Monterrey')).toBeNull();
  });

  it('the form sends the create format on create (with the email) and the update format on edit (without it)', () => {
    const form = {
      firstName: 'Ana',
      lastName: 'Ruiz',
      enterprise: 'AR',
      phone: '',
      email: 'ana@correo.mx',
      street: 'Av. Uno',
      number: '4',
      cp: '64000',
      city: 'Monterrey',
    };
    expect(contractorBodyOf(form, false)).toEqual({
      firstName: 'Ana',
      lastName: 'Ruiz',
      enterprise: 'AR',
      phone: '',
      email: 'ana@correo.mx',
      fullAddress: 'Monterrey, Av. Uno, #4, C.P.:64000',
    });
    expect(contractorBodyOf(form, true)).toEqual({
      firstName: 'Ana',
      lastName: 'Ruiz',
      enterprise: 'AR',
      phone: '',
      fullAddress: 'Av. Uno, #4, CP.64000, Monterrey',
    });
  });
});

describe("the contractor's home status", () => {
  const counts = { workerCount: 3, approved: 0, rejected: 0, pending: 0, rejectedWorker: null };
  it("all approved: 'Solicitud aprobada'; any rejected: 'Solicitud rechazada' with the worker's name; otherwise 'Solicitud pendiente'", () => {
    expect(siteStatusText({ ...counts, approved: 3 })).toBe('Solicitud aprobada');
    expect(siteStatusText({ ...counts, approved: 2, rejected: 1, rejectedWorker: 'Beto Ruiz' })).toBe(
      'Solicitud rechazada: Beto Ruiz',
    );
    expect(siteStatusText({ ...counts, approved: 2, pending: 1 })).toBe('Solicitud pendiente');
  });
});

describe('construction form (start not before today, end not before start, end picker after the start)', () => {
  const today = '2026-11-25';
  const values = {
    name: 'Casa',
    contractor: 'k',
    street: 's',
    number: 'T1',
    streetNumber: '1',
    startDate: today,
    endDate: '2026-12-01',
    keptStart: '',
  };
  const errors = (overrides: Record<string, string>) => {
    const r = v.safeParse(constructionFormSchema(today), { ...values, ...overrides });
    return r.success ? [] : r.issues.map((i) => i.message);
  };
  it('accepts a site from today; refuses yesterday, an end before the start and a date after 2100-12-30', () => {
    expect(errors({})).toEqual([]);
    expect(errors({ startDate: '2026-11-24' })).toEqual(['La fecha de inicio no puede ser anterior a hoy.']);
    expect(errors({ endDate: '2026-11-24' })).toEqual(['La fecha de fin no puede ser anterior a la fecha de inicio.']);
    expect(errors({ endDate: '2100-12-31' })).toEqual(['La fecha no puede ser posterior al 30/12/2100.']);
  });
  it('an edited running site keeps its past start; the start picker then offers it', () => {
    expect(errors({ startDate: '2026-10-01', keptStart: '2026-10-01' })).toEqual([]);
    expect(earliestStart(today, '2026-10-01')).toBe('2026-10-01');
    expect(earliestStart(today, '')).toBe(today);
  });
  it('the end picker is disabled until a start is chosen', () => {
    expect(endPickerEnabled({ startDate: '' })).toBe(false);
    expect(endPickerEnabled({ startDate: today })).toBe(true);
  });
});
