import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject } from 'xstate';
import { browserSessionMachine, SessionProvider } from '../../../src/web/views/session/session-context.js';
import { NewsletterFormView } from '../../../src/web/views/content/newsletter-form.view.js';
import { NoticeFormView } from '../../../src/web/views/content/notice-form.view.js';
import { PromotionFormView } from '../../../src/web/views/content/promotion-form.view.js';
import type { ContentFormApis } from '../../../src/web/views/content/use-content-form.js';
import {
  contentFormsModel,
  NOTICE_UUID,
  PROMOTION_UUID,
  typedNewsletter,
} from '../../machines/content/content-forms.model.js';
import { segmentResidents, segmentStreets, segmentZones } from '../../machines/content/notice-segments.model.js';
import { userAs } from '../../support/catalogues/catalogue-screen-harness.js';
import { dialogButton } from '../../support/dialogs.js';
import { describePath, transitionPaths, type GeneratedPath } from '../../support/model-paths.js';
import { pendingCalls, performPath } from '../../support/view-paths.js';

const paths = transitionPaths(contentFormsModel);
const PAGES: Record<string, { route: string; list: string; id: string | null }> = {
  'aviso nuevo': { route: '/newNotice', list: '/notices', id: null },
  'aviso editado': { route: `/newNotice?uuid=${NOTICE_UUID}`, list: '/notices', id: NOTICE_UUID },
  'boletín nuevo': { route: '/newNews', list: '/newsletters', id: null },
  'promoción editada': { route: `/newPromotion?uuid=${PROMOTION_UUID}`, list: '/promotions', id: PROMOTION_UUID },
};

/** The model's loaded form as `GET api/{kind}/{uuid}` answers it (the page maps it back to the form). */
// biome-ignore lint/suspicious/noExplicitAny: the save actor's output, of the three content kinds
function asPost(output: any) {
  const v = output.values;
  const post: Record<string, unknown> = {
    uuid: 'p1',
    title: v.title,
    description: v.description,
    contactName: v.contactName || null,
    contactPhone: v.contactPhone || null,
    contactEmail: v.contactEmail || null,
    contactLink: v.contactLink || null,
    startDate: v.startDate,
    endDate: v.endDate,
    fileId: 1,
    file: output.logoPreview
      ? { uuid: 'f1', name: 'a.png', extension: 'png', mimeType: 'image/png', publicUrl: '/api/x/image/f1' }
      : null,
  };
  if ('segmented' in v) {
    Object.assign(post, {
      segmented: v.segmented,
      zones: segmentZones.filter((z) => z.idZone === v.idZone),
      streets: segmentStreets.filter((s) => s.idStreet === v.idStreet).map((s) => ({ ...s, idZone: v.idZone })),
      residents: segmentResidents
        .filter((r) => r.idResident === v.idResident)
        .map((r) => ({ ...r, idStreet: v.idStreet })),
    });
  }
  return post;
}

function renderPage(path: GeneratedPath) {
  localStorage.setItem('porton.token', 'token-de-prueba');
  const calls = pendingCalls();
  const page = PAGES[path.inputName];
  const preview = path.inputName === 'aviso editado' ? 'blob:imagen-actual' : 'blob:promo-actual';
  const api: ContentFormApis = {
    content: {
      get: calls.fn('get'),
      create: calls.fn('create'),
      update: calls.fn('update'),
      image: async () => preview,
    } as never,
    // The cascade's own model walks its loads; here its options arrive at once.
    locations: {
      zones: async () => segmentZones,
      streets: async () => segmentStreets,
      residents: async () => segmentResidents as never,
    },
    readImage: calls.fn('readImage') as never,
  };
  const logic = browserSessionMachine.provide({ actors: { checkSession: fromPromise(async () => userAs('admin')) } });
  render(
    <ChakraProvider value={defaultSystem}>
      <MemoryRouter initialEntries={[page.route]}>
        <SessionProvider logic={logic as never}>
          <Routes>
            <Route path="/newNotice" element={<NoticeFormView api={api} />} />
            <Route path="/newNews" element={<NewsletterFormView api={api} />} />
            <Route path="/newPromotion" element={<PromotionFormView api={api} />} />
            <Route path={page.list} element={<p>lista {page.list}</p>} />
          </Routes>
        </SessionProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );
  return calls;
}

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement | HTMLSelectElement;
const SELECTS: Record<string, string> = { idZone: 'Zona', idStreet: 'Calle', idResident: 'Residente' };
const file = (picked: { name: string; type: string; size: number }) =>
  new File([new Uint8Array(picked.size)], picked.name, { type: picked.type });

/** The page starts empty: the person types what the model starts from (the typed values) before the path. */
async function typeStart(path: GeneratedPath) {
  if (PAGES[path.inputName].id) return;
  await waitFor(() => expect(document.querySelector('[name="title"]')).not.toBeNull());
  for (const name of [
    'title',
    'description',
    'contactName',
    'contactPhone',
    'contactEmail',
    'contactLink',
    'startDate',
    'endDate',
  ]) {
    const value = (typedNewsletter as Record<string, string>)[name];
    const input = document.querySelector(`[name="${name}"]`);
    if (input && value !== '')
      fireEvent.change(input, {
        target: { value: name === 'title' && path.inputName === 'aviso nuevo' ? 'Corte de agua' : value },
      });
  }
}

describe('the content form pages perform the content forms paths (Avisos, Boletines, Promociones)', () => {
  it.each(paths.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    const calls = renderPage(path);
    const page = PAGES[path.inputName];
    await typeStart(path);
    const sent: { name: string; args: unknown[] }[] = [];
    const settleSave = async (e: AnyEventObject) => {
      sent.push(calls.queue[0]);
      await calls.settle(e);
    };
    await performPath(path, {
      calls,
      spec: contentFormsModel,
      probe: () => ({ inputName: path.inputName }),
      executors: {
        'xstate.done.actor.load': (e) => calls.settle({ ...e, output: asPost(e.output) }),
        'xstate.done.actor.save': settleSave,
        'xstate.error.actor.save': settleSave,
        'field.change': async (e) => {
          const name = e.name as string;
          if (name === 'segmented') {
            const box = screen
              .getAllByRole('checkbox', { hidden: true })
              .find((c) => c.closest('label')?.textContent?.includes('Para todo el fraccionamiento'))!;
            fireEvent.click(box);
          } else if (SELECTS[name]) {
            await waitFor(() =>
              expect([...(field(SELECTS[name]) as HTMLSelectElement).options].map((o) => o.value)).toContain(
                String(e.value),
              ),
            );
            fireEvent.change(field(SELECTS[name]), { target: { value: String(e.value) } });
          } else if (name === 'type') {
            fireEvent.change(document.querySelector('select[name="type"]')!, { target: { value: String(e.value) } });
          } else fireEvent.change(document.querySelector(`[name="${name}"]`)!, { target: { value: e.value } });
        },
        'logo.pick': (e) =>
          fireEvent.change(screen.getByLabelText('Archivo de la imagen'), { target: { files: [file(e.file)] } }),
        'logo.remove': () => click('Quitar imagen'),
        'form.submit': () => click(page.id ? 'Guardar' : 'Registrar'),
        'form.cancel': () => click('Descartar'),
        'dialog.close': () => fireEvent.click(dialogButton('Aceptar')),
      },
      expectState: async (state) => {
        await waitFor(() => {
          const value = JSON.parse(state);
          if (value === 'closed') expect(screen.getByText(`lista ${page.list}`)).toBeTruthy();
          if (value === 'editing') expect((field('Título') as HTMLInputElement).value).toBeTypeOf('string');
        });
      },
    });
    // The save went to the kind's call: create when adding, update of the opened uuid when editing.
    for (const call of sent) {
      expect(call.name).toBe(page.id ? 'update' : 'create');
      if (page.id) expect(call.args[0]).toBe(page.id);
    }
    // The body sent is the form's checked values (dates with seconds, the segments as the spec sends them).
    if (sent.length) expect(sent.at(-1)!.args[page.id ? 1 : 0]).toEqual(path.final.context.submitted);
  });
});
