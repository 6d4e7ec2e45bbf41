import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { residentEmailCheckMachine } from '../../../../machines/residents/resident-email-check.machine.js';
import { residentFormMachine } from '../../../../machines/residents/resident-form.machine.js';
import { residentImportMachine } from '../../../../machines/residents/resident-import.machine.js';
import { residentPhoneRemovalMachine } from '../../../../machines/residents/resident-phone-removal.machine.js';
import { residentReactivationMachine } from '../../../../machines/residents/resident-reactivation.machine.js';
import type { ResidentInput } from '../../../shared/residents/resident.schema.js';
import { saveErrorWorkbook, uploadResidentsFile } from './resident-import.api.js';
import { residentsApi, type ResidentUpdate } from './residents.api.js';
import { inspected } from '../../inspector.js';
import { paths } from '../../paths.js';
import { residentFormValues } from '../../../../machines/residents/resident-form-rules.js';

/** The calls of /newResidents , replaceable in tests. */
export interface ResidentFormApis {
  residents: Pick<
    typeof residentsApi,
    'get' | 'create' | 'update' | 'removePhone' | 'validateEmail' | 'reactivateEmail'
  >;
  /** The import's upload (a callback actor reporting progress). */
  upload: typeof uploadResidentsFile;
  saveErrorFile: (base64: string) => Promise<void>;
}
export const residentFormApis: ResidentFormApis = {
  residents: residentsApi,
  upload: uploadResidentsFile,
  saveErrorFile: saveErrorWorkbook,
};

/** The resident form machine with the page's calls and navigation; it starts once per page. */
export function useResidentForm(id: string | null, api: ResidentFormApis) {
  const navigate = useNavigate();
  // Made once per mount: useMachine keeps the logic it starts with, and useState's initializer is what React runs once.
  const [logic] = useState(() =>
    residentFormMachine.provide({
      actions: { leave: () => navigate(paths.residents, { replace: true }) },
      actors: {
        loadForm: fromPromise(async ({ input }) => ({
          values: residentFormValues(await api.residents.get(input.id!)),
        })),
        saveRecord: fromPromise(({ input }) =>
          input.id
            ? api.residents.update(input.id, input.values as ResidentUpdate)
            : api.residents.create(input.values as ResidentInput),
        ),
        formPart: residentEmailCheckMachine.provide({
          actors: {
            validateEmail: fromPromise(({ input }) => api.residents.validateEmail(input.email, input.residentUuid)),
          },
        }),
        questionPart: residentReactivationMachine.provide({
          actors: {
            reactivateResident: fromPromise(
              async ({ input }) => (await api.residents.reactivateEmail(input.email)).Data.resident,
            ),
          },
          actions: {
            // The reactivated resident is edited at /newResidents?uuid=…, replacing the entry.
            showEditMode: (_, { uuid }) =>
              navigate(`${paths.newResidents}?uuid=${encodeURIComponent(uuid)}`, { replace: true }),
          },
        }),
        rowRemoval: residentPhoneRemovalMachine.provide({
          actors: { removePhone: fromPromise(({ input }) => api.residents.removePhone(input.uuid)) },
        }),
        modalPart: residentImportMachine.provide({
          actors: {
            uploadFile: api.upload,
            saveErrorFile: fromPromise(({ input }) => api.saveErrorFile(input.base64)),
          },
        }),
      },
    }),
  );
  return useMachine(logic, inspected({ input: { id } }));
}
