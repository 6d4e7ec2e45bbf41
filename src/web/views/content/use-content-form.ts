import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { contentFormMachine } from '../../../../machines/content/content-form.machine.js';
import { contentFormValues } from '../../../../machines/content/content-form-rules.js';
import type { LoadedForm, PickedFile, ReadLogo, SaveInput } from '../../../../machines/platform/form-screen.machine.js';
import { noticeSegmentsMachine } from '../../../../machines/content/notice-segments.machine.js';
import type { ContentKind } from '../../../shared/content/content-rules.js';
import { contentApi, residentsOfStreet, type ContentApi } from './content.api.js';
import { readLogoFile } from '../communities/read-logo.js';
import { inspected } from '../../inspector.js';
import { locationOptionsApi, type LocationOptionsApi } from '../catalogues/zone-street-fields.js';
import { contentPaths } from './content-kinds.js';

/** The calls of a content form page, replaceable in tests. */
export interface ContentFormApis {
  content: Pick<ContentApi, 'get' | 'create' | 'update' | 'image'>;
  /** The notice's selectors: zones, a zone's streets, a street's residents. */
  locations?: LocationOptionsApi & { residents: typeof residentsOfStreet };
  /** Reads a picked image (the browser's FileReader unless replaced). */
  readImage?: typeof readLogoFile;
}
export const contentFormApis = (kind: ContentKind): ContentFormApis => ({
  content: contentApi(kind),
  locations: { ...locationOptionsApi, residents: residentsOfStreet },
  readImage: readLogoFile,
});

/** The kind's form machine with the page's calls and navigation; it starts once per page. */
export function useContentForm(kind: ContentKind, id: string | null, api: ContentFormApis) {
  const navigate = useNavigate();
  // Made once per mount: useMachine keeps the logic it starts with, and useState's initializer is what React runs once.
  const [logic] = useState(() => {
    const locations = api.locations ?? { ...locationOptionsApi, residents: residentsOfStreet };
    return contentFormMachine(kind).provide({
      actions: { leave: () => navigate(contentPaths[kind].list, { replace: true }) },
      actors: {
        loadForm: fromPromise<LoadedForm, { id: string | null; row: Record<string, unknown> | null }>(
          async ({ input }) => {
            const post = await api.content.get(input.id!);
            return {
              values: contentFormValues(kind, post),
              // Editing, the start's minimum is the stored start.
              record: { startDate: post.startDate },
              logoPreview: post.file ? await api.content.image(post.file.publicUrl) : null,
            };
          },
        ),
        saveRecord: fromPromise<unknown, SaveInput>(({ input }) =>
          input.id
            ? api.content.update(input.id, input.values, input.logo)
            : api.content.create(input.values, input.logo),
        ),
        readLogo: fromPromise<ReadLogo, { file: PickedFile }>(({ input }) =>
          (api.readImage ?? readLogoFile)(input.file),
        ),
        // The notice's segmentation cascade (the other kinds spawn no part).
        formPart: noticeSegmentsMachine.provide({
          actors: {
            loadZones: fromPromise(() => locations.zones()),
            loadStreets: fromPromise(({ input }) => locations.streets(input.zoneUuid)),
            loadResidents: fromPromise(({ input }) => locations.residents(input.streetUuid)),
          },
        }),
      },
    });
  });
  return useMachine(logic, inspected({ input: { id } }));
}
