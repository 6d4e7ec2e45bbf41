import { Image, Input, Slider, Stack, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import AvatarEditor, { type AvatarEditorRef } from 'react-avatar-editor';
import {
  isStoredFile,
  type FileValue,
  type SlotValue,
} from '../../../../machines/contractors/worker-request.machine.js';

/**
 * The photo with its crop to 100x100 PNG (react-avatar-editor): each move of the
 * crop sends the cropped PNG to the form.
 */
export function WorkerPhotoCrop({
  value,
  error,
  onCropped,
}: {
  value: SlotValue | null;
  error?: string;
  onCropped: (file: FileValue) => void;
}) {
  const editor = useRef<AvatarEditorRef>(null);
  const [picked, setPicked] = useState<File | null>(null);
  const [scale, setScale] = useState(1);
  const crop = () => {
    const canvas = editor.current?.getImageScaledToCanvas();
    if (!canvas) return;
    const url = canvas.toDataURL('image/png');
    onCropped({ name: 'foto.png', extension: 'png', mimeType: 'image/png', content: url.slice(url.indexOf(',') + 1) });
  };
  return (
    <Stack gap="2">
      <Text fontWeight="medium">Fotografía</Text>
      <Input
        type="file"
        accept="image/png,image/jpeg"
        aria-label="Fotografía"
        p="1"
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) setPicked(f);
        }}
      />
      {picked ? (
        <Stack align="start">
          <AvatarEditor
            ref={editor}
            image={picked}
            width={100}
            height={100}
            border={10}
            borderRadius={50}
            scale={scale}
            disableHiDPIScaling
            onImageReady={crop}
            onMouseUp={crop}
          />
          <Slider.Root
            w="140px"
            min={1}
            max={3}
            step={0.1}
            value={[scale]}
            onValueChange={(e) => setScale(e.value[0]!)}
            onValueChangeEnd={crop}
            aria-label={['Zoom']}
          >
            <Slider.Control>
              <Slider.Track>
                <Slider.Range />
              </Slider.Track>
              <Slider.Thumbs />
            </Slider.Control>
          </Slider.Root>
        </Stack>
      ) : null}
      {value ? (
        <Image
          src={isStoredFile(value) ? value.publicUrl : `data:image/png;base64,${value.content}`}
          alt="Foto recortada"
          boxSize="100px"
          rounded="full"
        />
      ) : null}
      {error ? (
        <Text color="red.600" fontSize="sm">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
