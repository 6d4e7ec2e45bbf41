import { Button, Card, Flex, Heading, NativeSelect, Field, Spinner, Stack } from '@chakra-ui/react';
import type { FormEvent } from 'react';
import {
  CONTENT_FAILURE_TITLE,
  CONTENT_SUCCESS_TITLE,
  ContentTexts,
  NEWSLETTER_TYPES,
  type ContentKind,
} from '../../../shared/content/content-rules.js';
import { ResultDialog } from '../../platform/components/result-dialog.js';
import { ContentFields } from './content-fields.js';
import { ImageField } from './image-field.js';
import { NoticeSegmentFields } from './notice-segment-fields.js';
import { useContentForm, type ContentFormApis } from './use-content-form.js';

/** States in which the form is on the screen (behind its dialogs). */
const FORM_STATES = ['editing', 'submitting', 'failed', 'invalid', 'succeeded'] as const;

/**
 * The page of a content form ('Nuevo aviso' / 'Editar aviso', 'Nuevo boletín' /
 * 'Editar boletín', 'Nueva promoción' / 'Editar promoción'): the kind's form machine rendered;
 * 'Descartar' back to the list; the success texts and the generic error dialog.
 */
export function ContentFormPage({ kind, id, api }: { kind: ContentKind; id: string | null; api: ContentFormApis }) {
  const [state, send] = useContentForm(kind, id, api);
  const ctx = state.context;
  const texts = ContentTexts[kind];
  const editing = ctx.id !== null;
  const title = editing ? texts.edit : texts.create;
  const submitting = state.matches('submitting');
  const form = {
    values: ctx.values,
    errors: ctx.errors,
    set: (name: string, value: unknown) => send({ type: 'field.change', name, value }),
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'form.submit' });
  };
  const close = () => send({ type: 'dialog.close' });
  const editedStart = editing ? ((ctx.record.startDate as string | undefined) ?? null) : null;

  return (
    <Stack gap="5" maxW="4xl">
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      {state.matches('loading') ? <Spinner role="status" color="teal.600" aria-label="Cargando" /> : null}
      {FORM_STATES.some((s) => state.matches(s)) ? (
        <Card.Root asChild>
          <form onSubmit={submit} noValidate aria-label={title}>
            <Card.Body>
              <Stack gap="6">
                <ContentFields kind={kind} form={form} editedStart={editedStart} />
                {kind === 'newsletters' ? (
                  <Field.Root invalid={Boolean(ctx.errors.type)} required>
                    <Field.Label>
                      Tipo
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        name="type"
                        bg="white"
                        value={String(ctx.values.type ?? '')}
                        onChange={(e) => form.set('type', e.target.value)}
                      >
                        <option value="">Selecciona un tipo</option>
                        {NEWSLETTER_TYPES.map((t) => (
                          <option key={t.code} value={String(t.code)}>
                            {t.label}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    <Field.ErrorText>{ctx.errors.type}</Field.ErrorText>
                  </Field.Root>
                ) : null}
                {kind === 'notices' ? <NoticeSegmentFields form={form} segments={state.children.segments} /> : null}
                <ImageField
                  image={ctx.logo}
                  error={ctx.errors.logo}
                  reading={ctx.readingLogo}
                  onPick={(file) => send({ type: 'logo.pick', file })}
                  onRemove={() => send({ type: 'logo.remove' })}
                />
              </Stack>
            </Card.Body>
            <Card.Footer>
              <Flex justify="flex-end" gap="3" w="full">
                <Button variant="outline" onClick={() => send({ type: 'form.cancel' })} disabled={submitting}>
                  Descartar
                </Button>
                <Button type="submit" colorPalette="teal" loading={submitting}>
                  {editing ? 'Guardar' : 'Registrar'}
                </Button>
              </Flex>
            </Card.Footer>
          </form>
        </Card.Root>
      ) : null}
      <ResultDialog
        open={state.matches('succeeded')}
        status="success"
        title={CONTENT_SUCCESS_TITLE}
        detail={editing ? texts.updated : texts.created}
        onClose={close}
      />
      <ResultDialog
        open={state.matches('failed')}
        status="error"
        title={CONTENT_FAILURE_TITLE}
        detail={ctx.serverError}
        onClose={close}
      />
      <ResultDialog
        open={state.matches('invalid')}
        status="error"
        title="Error"
        detail="Por favor, corrige los campos indicados."
        onClose={close}
      />
      <ResultDialog
        open={state.matches('loadFailed')}
        status="error"
        title="No fue posible cargar el registro"
        detail={ctx.serverError}
        onClose={close}
      />
    </Stack>
  );
}
