import { Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import AvatarEditor, { type AvatarEditorRef } from 'react-avatar-editor';
import type { EventWizardContext, EventWizardEvent } from '../../../../machines/massive-events/event-wizard.machine.js';
import type { DesignImage } from '../../../shared/massive-events/event-wizard-rules.js';
import {
  drawInvitation,
  INVITATION_HEIGHT,
  INVITATION_WIDTH,
} from '../../../shared/massive-events/invitation-drawing.js';

type Send = (event: EventWizardEvent) => void;
type Slot = 'backgroundImage' | 'profile';
const SIZES: Record<Slot, { width: number; height: number; label: string; radius: number }> = {
  backgroundImage: { width: 700, height: 300, label: 'Portada (700x300)', radius: 0 },
  profile: { width: 100, height: 100, label: 'Foto del anfitrión (100x100)', radius: 50 },
};

/** A picked picture cropped to its exact size (react-avatar-editor); 'Aplicar' sends it as a PNG to the wizard. */
function ImageCrop({ slot, send }: { slot: Slot; send: Send }) {
  const [file, setFile] = useState<File | null>(null);
  const [scale, setScale] = useState(1);
  const editor = useRef<AvatarEditorRef>(null);
  const size = SIZES[slot];
  const apply = () => {
    const canvas = editor.current?.getImageScaledToCanvas();
    if (!canvas) return;
    const preview = canvas.toDataURL('image/png');
    send({ type: 'image.set', slot, image: { preview, content: preview.split(',')[1] } satisfies DesignImage });
    setFile(null);
  };
  return (
    <Stack gap="2">
      <Field.Root>
        <Field.Label>{size.label}</Field.Label>
        <input
          type="file"
          accept="image/png,image/jpeg"
          aria-label={size.label}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setScale(1);
            e.target.value = '';
          }}
        />
      </Field.Root>
      {file ? (
        <Stack gap="2" align="flex-start">
          <Box maxW="full" overflowX="auto">
            <AvatarEditor
              ref={editor}
              image={file}
              width={size.width}
              height={size.height}
              border={10}
              borderRadius={size.radius}
              scale={scale}
              disableHiDPIScaling
            />
          </Box>
          <HStack gap="2">
            <Text fontSize="sm">Zoom</Text>
            <input
              type="range"
              min={1}
              max={3}
              step={0.05}
              value={scale}
              aria-label="Zoom"
              onChange={(e) => setScale(Number(e.target.value))}
            />
            <Button size="xs" colorPalette="teal" onClick={apply}>
              Aplicar recorte
            </Button>
            <Button size="xs" variant="outline" onClick={() => setFile(null)}>
              Cancelar
            </Button>
          </HStack>
        </Stack>
      ) : null}
    </Stack>
  );
}

/** The live preview, drawn with the shared invitation module (what the guests receive). */
function Preview({ ctx }: { ctx: EventWizardContext }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { design, values, options } = ctx;
  useEffect(() => {
    let cancelled = false;
    const load = (src: string | null | undefined) =>
      src
        ? new Promise<HTMLImageElement | null>((resolve) => {
            const img = new Image();
            img.onload = () => resolve(img);
            img.onerror = () => resolve(null);
            img.src = src;
          })
        : Promise.resolve(null);
    void Promise.all([load(design.backgroundImage?.preview), load(design.profile?.preview)]).then(
      ([cover, profile]) => {
        const c = canvas.current?.getContext('2d');
        if (!c || cancelled) return;
        drawInvitation<HTMLImageElement>(c, {
          title: values.title,
          startDate: `${values.date}T${values.time}`,
          place: options.places.find((p) => p.value === values.place)?.label ?? '',
          guestName: 'Nombre del invitado',
          message: '',
          foregroundColor: design.foregroundColor,
          backgroundColor: design.backgroundColor,
          cover,
          profile,
          qr: null,
        });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [design, values, options.places]);
  return (
    <canvas
      ref={canvas}
      width={INVITATION_WIDTH}
      height={INVITATION_HEIGHT}
      aria-label="Vista previa de la invitación"
      role="img"
      style={{ width: '100%', maxWidth: 350, border: '1px solid #e2e8f0', borderRadius: 8 }}
    />
  );
}

/** Step 3 'Personalizar invitación': colours, the two crops, undo, the live preview. */
export function StepDesign({ ctx, send }: { ctx: EventWizardContext; send: Send }) {
  const color = (slot: 'foregroundColor' | 'backgroundColor', label: string) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input
        type="color"
        w="20"
        p="1"
        value={`#${ctx.design[slot]}`}
        aria-label={label}
        onChange={(e) => send({ type: 'color.change', slot, value: e.target.value })}
      />
    </Field.Root>
  );
  return (
    <HStack gap="8" align="flex-start" wrap="wrap">
      <Stack gap="4" flex="1" minW="xs">
        <HStack gap="4">
          {color('foregroundColor', 'Color del texto')}
          {color('backgroundColor', 'Color de fondo')}
        </HStack>
        <ImageCrop slot="backgroundImage" send={send} />
        <ImageCrop slot="profile" send={send} />
        <HStack gap="2">
          {ctx.design.backgroundImage ? (
            <Button
              size="xs"
              variant="outline"
              onClick={() => send({ type: 'image.set', slot: 'backgroundImage', image: null })}
            >
              Quitar portada
            </Button>
          ) : null}
          {ctx.design.profile ? (
            <Button
              size="xs"
              variant="outline"
              onClick={() => send({ type: 'image.set', slot: 'profile', image: null })}
            >
              Quitar foto
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" colorPalette="teal" onClick={() => send({ type: 'design.undo' })}>
            Deshacer cambios
          </Button>
        </HStack>
      </Stack>
      <Preview ctx={ctx} />
    </HStack>
  );
}
