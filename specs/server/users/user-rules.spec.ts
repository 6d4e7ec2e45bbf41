import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../../src/shared/platform/form-validation.js';
import { userPayloadSchemaFor } from '../../../src/shared/users/user.schema.js';
import {
  canCreateUserType,
  canManageUserType,
  chatbotAllowed,
  creatableUserTypes,
  offersPreRegistration,
  typeWithPreRegistration,
  userTypeOptions,
} from '../../../src/shared/users/user-types-allowed.js';

describe('user types each role may create, the rule the form and the server share', () => {
  it('integrator: 4 or 14; administrator: 4, 2, 5 and 6; general administrator: 4; others: none', () => {
    expect(creatableUserTypes('integrator')).toEqual([4, 14]);
    expect(creatableUserTypes('admin')).toEqual([4, 2, 5, 6]);
    expect(creatableUserTypes('generalAdmin')).toEqual([4]);
    for (const role of ['capturista', 'guard', 'resident', 'contractor'] as const)
      expect(creatableUserTypes(role)).toEqual([]);
  });

  it('the dropdown offers 5 and a pre-registration checkbox instead of 6', () => {
    expect(userTypeOptions('admin').map((o) => o.id)).toEqual([4, 2, 5]);
    expect(userTypeOptions('admin').find((o) => o.id === 5)!.name).toBe('Vigilante');
    expect(userTypeOptions('integrator')).toEqual([
      { id: 4, name: 'Administrador de fraccionamiento' },
      { id: 14, name: 'Integrador' },
    ]);
    expect(offersPreRegistration('admin', 5)).toBe(true);
    expect(offersPreRegistration('admin', 2)).toBe(false);
    expect(offersPreRegistration('integrator', 5)).toBe(false);
    expect(typeWithPreRegistration(5, true)).toBe(6);
    expect(typeWithPreRegistration(5, false)).toBe(5);
    expect(typeWithPreRegistration(2, true)).toBe(2);
  });

  it("a contractor (15) is never created here: 'Accion no permitida' with its detail", () => {
    for (const role of ['admin', 'integrator', 'generalAdmin'] as const) {
      expect(canCreateUserType(role, 15)).toEqual({
        ok: false,
        reason: 'contractor',
        title: 'Accion no permitida',
        detail: 'No es posible dar de alta un contratista desde esta sección',
      });
    }
    expect(canCreateUserType('admin', 14)).toMatchObject({ ok: false, reason: 'notAllowed' });
    expect(canCreateUserType('admin', 6)).toEqual({ ok: true });
    expect(canManageUserType('generalAdmin', 3)).toBe(true);
    expect(canManageUserType('generalAdmin', 15)).toBe(false);
    expect(canManageUserType('admin', 3)).toBe(false);
  });

  it('chatbot use: a capturista, or the own user once the administrative resident is configured', () => {
    expect(chatbotAllowed({ typeId: 2, isSelf: false, administrativeResidentConfigured: false })).toBe(true);
    expect(chatbotAllowed({ typeId: 4, isSelf: true, administrativeResidentConfigured: false })).toBe(false);
    expect(chatbotAllowed({ typeId: 4, isSelf: true, administrativeResidentConfigured: true })).toBe(true);
    expect(chatbotAllowed({ typeId: 4, isSelf: false, administrativeResidentConfigured: true })).toBe(false);
  });

  it("only the integrator's form requires the administrator's address", () => {
    const admin = { idUsersTypes: 4, email: 'nuevo@porton.mx', firstName: 'Nuevo', lastName: 'Administrador' };
    expect(v.safeParse(userPayloadSchemaFor('admin'), admin).success).toBe(true);
    const integrator = v.safeParse(userPayloadSchemaFor('integrator'), admin);
    expect(fieldErrors(integrator.issues!)).toEqual({
      cp: 'Por favor, introduce el código postal',
      idAddress: 'Por favor, selecciona una colonia.',
      street: 'Por favor, introduce una calle',
      extNumber: 'Por favor, introduce un número exterior',
    });
    expect(v.safeParse(userPayloadSchemaFor('integrator'), { ...admin, idUsersTypes: 14 }).success).toBe(true);
    expect(
      v.safeParse(userPayloadSchemaFor('integrator'), {
        ...admin,
        cp: '01000',
        idAddress: '3',
        street: 'Calle',
        extNumber: '5',
      }).success,
    ).toBe(true);
  });
});
