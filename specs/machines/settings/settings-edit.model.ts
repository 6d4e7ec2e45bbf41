import type { AnyEventObject, AnyStateMachine, ContextFrom } from 'xstate';
import { settingsEditMachine } from '../../../machines/settings/settings-edit.machine.js';
import type { ActorProbe, ModelSpec } from '../../support/model-paths.js';
import type { ViewProbe as ScreenProbe } from '../../support/view-paths.js';

export const COMMUNITY_UUID = '00000000-0000-4000-8000-00000000aa01';
/** The settings `GET api/users/me` answers in the paths: the spec's defaults. */
export const loadedSettings = {
  uuid: COMMUNITY_UUID,
  folioRequired: false,
  visitorSearch: true,
  searchName: true,
  searchAddress: true,
  searchAction: true,
  searchPlace: true,
  searchCommonArea: true,
  viewResidentName: true,
  viewVisitAddress: true,
  viewResidentAddress: true,
  viewResidentNumber: true,
  invitationValidity: 12,
  invitationMessage: '¡Hola! Te invito a generar tu código de acceso para visitarme.',
  frequentInvitationChronoUnit: 'WEEKS',
  frequentInvitationValidity: 1,
};
const SEARCH = ['searchName', 'searchAddress', 'searchAction', 'searchPlace', 'searchCommonArea'];
export const MESSAGE_81 = 'x'.repeat(81);
const serverDown = {
  kind: 'http',
  status: 500,
  body: { error: 'server_error', error_description: 'Error interno del servidor' },
};

/**
 * 'Ajustes' (read-only until 'Editar', save then reload; message rules;
 * texts; choices): the settingsEdit machine.
 */
export const settingsEditModel: ModelSpec = {
  name: 'settingsEdit',
  run: { actors: ['loadSettings', 'saveSettings'] },
  machine: settingsEditMachine,
  inputs: [{ name: 'ajustes', input: undefined }],
  key: (s) => {
    const v = s.context.values;
    return (
      v && [
        SEARCH.map((k) => v[k]),
        v.invitationMessage.length,
        v.invitationMessage.trim() === '',
        v.invitationValidity,
        v.frequentInvitationChronoUnit,
        v.folioRequired,
        Object.keys(s.context.errors).sort(),
        s.context.error,
      ]
    );
  },
  events: (s) => {
    const v = s.context.values;
    switch (s.value as string) {
      case 'loading':
        return [
          { type: 'xstate.done.actor.load', output: loadedSettings },
          { type: 'xstate.error.actor.load', error: serverDown },
        ];
      case 'loadFailed':
        return [{ type: 'load.retry' }];
      case 'viewing':
        return [{ type: 'settings.edit' }];
      case 'editing': {
        // Few enough cases to keep the graph small: each rule is exercised from the loaded values.
        const allOn = SEARCH.every((k) => v[k]);
        const validMessage = v.invitationMessage.length <= 80 && v.invitationMessage.trim() !== '';
        const pristine =
          allOn && validMessage && v.invitationValidity === 12 && v.frequentInvitationChronoUnit === 'WEEKS';
        const events: AnyEventObject[] = [{ type: 'settings.cancel' }, { type: 'settings.save' }];
        if (validMessage) events.push({ type: 'search.all', value: !allOn });
        if (allOn && validMessage) events.push({ type: 'option.toggle', name: 'searchAddress', value: false });
        if (pristine)
          events.push({ type: 'message.change', value: MESSAGE_81 }, { type: 'message.change', value: '   ' });
        if (!validMessage) events.push({ type: 'message.change', value: 'Te espero en casa' });
        if (pristine)
          events.push({ type: 'validity.choose', hours: 24 }, { type: 'frequent.choose', unit: 'MONTHS', amount: 3 });
        return events;
      }
      case 'saving':
        return [
          { type: 'xstate.done.actor.save', output: loadedSettings },
          { type: 'xstate.error.actor.save', error: serverDown },
        ];
      case 'saved':
      case 'failed':
        return [{ type: 'dialog.close' }];
      default:
        return [];
    }
  },
};

type Probe = ActorProbe;
const fail = (message: string) => {
  throw new Error(message);
};
/** The values the person's events since the last load make, computed from the spec's words (not from the machine). */
function expectedValues(p: Probe) {
  // biome-ignore lint/suspicious/noExplicitAny: the loaded settings, of every field kind
  let values: any = null;
  // biome-ignore lint/suspicious/noExplicitAny: the loaded settings, of every field kind
  let loaded: any = null;
  for (const e of p.events) {
    if (e.type === 'xstate.done.actor.load') {
      loaded = { ...e.output };
      delete loaded.uuid;
      values = { ...loaded };
    }
    // 'Cancelar' restores what was loaded.
    if (e.type === 'settings.cancel') values = { ...loaded };
    // 'Todo' sets or clears name, address, action, place and common area.
    if (e.type === 'search.all') for (const k of SEARCH) values[k] = e.value;
    if (e.type === 'option.toggle') {
      values[e.name] = e.value;
      // Turning the address off clears place and common area.
      if (e.name === 'searchAddress' && !e.value) {
        values.searchPlace = false;
        values.searchCommonArea = false;
      }
    }
    if (e.type === 'message.change') values.invitationMessage = e.value;
    if (e.type === 'validity.choose') values.invitationValidity = e.hours;
    if (e.type === 'frequent.choose') {
      values.frequentInvitationChronoUnit = e.unit;
      values.frequentInvitationValidity = e.amount;
    }
  }
  return values;
}
const saves = (p: Probe) => p.calls.filter((c) => c.src === 'saveSettings');
const loads = (p: Probe) => p.calls.filter((c) => c.src === 'loadSettings');

/** The rendered 'Ajustes' screen: its checkboxes by their exact label, the message box, the dialogs. */
type ViewProbe = ScreenProbe<ContextFrom<AnyStateMachine>>;
const LABELS: Record<string, string> = {
  searchName: 'Nombre',
  searchAddress: 'Dirección',
  searchAction: 'No. acción',
  searchPlace: 'Lugar',
  searchCommonArea: 'Área común',
};
const box = (p: ViewProbe, label: string) => {
  const found = (p.screen.getAllByRole('checkbox', { hidden: true }) as HTMLInputElement[]).find(
    (c) => c.closest('label')?.textContent?.trim() === label,
  );
  return found ?? fail(`no hay casilla '${label}'`);
};
const checked = (p: ViewProbe, label: string) =>
  box(p, label).closest('label')!.getAttribute('data-state') === 'checked';
const dialogWith = (p: ViewProbe, text: string) => {
  const dialogs = p.screen.queryAllByRole('alertdialog', { hidden: true }) as HTMLElement[];
  if (!dialogs.some((d) => d.textContent?.includes(text))) fail(`no se ve '${text}'`);
};

const lastWas = (p: Probe, ...types: string[]) => {
  const last = p.events.at(-1)?.type ?? 'el inicio';
  if (!types.includes(last)) fail(`llegó con ${last}`);
};
/** Index of the last event of a type (-1 when none). */
const lastIndex = (p: Probe, type: string) => p.events.findLastIndex((e) => e.type === type);

settingsEditModel.noExpectation = {
  validating:
    'Decide sin esperar a nadie (el actor nunca se queda aquí): lo que dice el spec de un Guardar válido o inválido se comprueba en saving y en editing.',
};
settingsEditModel.expectations = {
  '"loadFailed"': [
    {
      says: "Si la configuración no carga: 'Ha ocurrido un error' con el texto del servidor, y Reintentar",
      actor: (p) => {
        lastWas(p, 'xstate.error.actor.load');
        if (p.snapshot.context.error !== serverDown.body.error_description)
          fail(`el error es ${JSON.stringify(p.snapshot.context.error)}`);
      },
    },
  ],
  '"viewing"': [
    {
      says: "Solo lectura hasta 'Editar'; lo mostrado es lo cargado (tras 'Cancelar', lo cargado otra vez)",
      view: (p: ViewProbe) => {
        if (!p.screen.queryByRole('button', { name: 'Editar' })) fail("no está 'Editar'");
        const { uuid: _u, ...loaded } = loadedSettings;
        for (const [key, label] of Object.entries(LABELS)) {
          if (!box(p, label).disabled) fail(`'${label}' se puede cambiar`);
          // biome-ignore lint/suspicious/noExplicitAny: a settings field read by its key
          if (checked(p, label) !== (loaded as any)[key]) fail(`'${label}' no muestra lo cargado`);
        }
        const message = p.screen.getByRole('textbox', { hidden: true }) as HTMLTextAreaElement;
        if (!message.disabled || message.value !== loaded.invitationMessage)
          fail('el mensaje no es el cargado o se puede cambiar');
      },
      actor: (p) => {
        const { uuid: _u, ...loaded } = loadedSettings;
        const shown = p.snapshot.context.values;
        if (
          JSON.stringify(shown) !== JSON.stringify({ ...shown, ...loaded }) ||
          Object.keys(shown).length !== Object.keys(loaded).length
        )
          fail('no muestra lo cargado');
      },
    },
  ],
  '"editing"': [
    {
      says: "Solo se edita tras 'Editar' (cada carga y cada 'Cancelar' vuelven a solo lectura); un Guardar que el spec rechaza se queda editando",
      actor: (p) => {
        const edit = lastIndex(p, 'settings.edit');
        if (edit < 0 || edit < lastIndex(p, 'xstate.done.actor.load') || edit < lastIndex(p, 'settings.cancel'))
          fail("se edita sin haber pulsado 'Editar'");
        if (p.events.at(-1)?.type === 'settings.save' && Object.keys(p.snapshot.context.errors).length === 0)
          fail('Guardar no envió ni dijo por qué');
      },
    },
    {
      says: "'Todo' se ve encendido solo cuando las cinco opciones lo están; el contador del mensaje dice n/80",
      view: (p: ViewProbe) => {
        const five = Object.values(LABELS).every((label) => checked(p, label));
        if (checked(p, 'Todo') !== five) fail(`'Todo' está ${checked(p, 'Todo') ? 'encendido' : 'apagado'}`);
        if (box(p, 'Todo').disabled) fail('no se puede editar');
        const counter = p.screen.getByTestId('message-counter').textContent;
        if (counter !== `${p.context.values.invitationMessage.length}/80`) fail(`el contador dice ${counter}`);
        const last = p.events.at(-1);
        if (
          last?.type === 'option.toggle' &&
          last.name === 'searchAddress' &&
          (checked(p, 'Lugar') || checked(p, 'Área común'))
        )
          fail('apagar Dirección no apagó Lugar y Área común');
        if (
          last?.type === 'settings.save' &&
          p.context.values.invitationMessage.trim() === '' &&
          !p.screen.queryByText('El mensaje no puede ser vacío, por favor establece un mensaje para tus invitaciones')
        )
          fail('no se ve el mensaje de vacío');
      },
    },
    {
      says: "'Todo' pone o quita nombre, dirección, acción, lugar y área común; apagar la dirección apaga lugar y área común",
      actor: (p) => {
        const want = expectedValues(p);
        const got = p.snapshot.context.values;
        for (const k of [
          ...SEARCH,
          'folioRequired',
          'invitationMessage',
          'invitationValidity',
          'frequentInvitationChronoUnit',
          'frequentInvitationValidity',
        ]) {
          if (got[k] !== want[k]) fail(`${k} es ${JSON.stringify(got[k])}, el spec da ${JSON.stringify(want[k])}`);
        }
      },
    },
    {
      says: 'Un mensaje vacío o de solo espacios muestra el mensaje del spec; uno de 81 caracteres se rechaza; nada se envía así',
      actor: (p) => {
        const message = p.snapshot.context.values.invitationMessage as string;
        const error = p.snapshot.context.errors.invitationMessage;
        const tried = p.events.at(-1)?.type === 'settings.save';
        if (
          tried &&
          message.trim() === '' &&
          error !== 'El mensaje no puede ser vacío, por favor establece un mensaje para tus invitaciones'
        )
          fail(`dice '${error}'`);
        if (tried && message.length > 80 && !error) fail('aceptó 81 caracteres');
        if (
          tried &&
          saves(p).length &&
          saves(p).at(-1)!.input.values.invitationMessage === message &&
          (message.length > 80 || message.trim() === '')
        ) {
          fail('envió un mensaje inválido');
        }
      },
    },
  ],
  '"saving"': [
    {
      says: 'Guardar envía PUT api/fracs/{uuid}/configure con lo editado',
      actor: (p) => {
        lastWas(p, 'settings.save');
        const last = saves(p).at(-1) ?? fail('no se envió');
        if (last.outcome) fail('ya respondió');
        if (last.input.uuid !== COMMUNITY_UUID) fail(`a ${last.input.uuid}`);
        if (JSON.stringify(last.input.values) !== JSON.stringify(expectedValues(p))) fail('no envió lo editado');
        const m = last.input.values.invitationMessage as string;
        if (m.length > 80 || m.trim() === '') fail('envió un mensaje que el spec rechaza');
      },
    },
  ],
  '"loading"': [
    {
      says: 'Tras guardar, con éxito o con error, la configuración se vuelve a cargar',
      actor: (p) => {
        const acknowledged = p.events.filter((e) => e.type === 'dialog.close').length;
        const retries = p.events.filter((e) => e.type === 'load.retry').length;
        if (loads(p).length !== 1 + acknowledged + retries) fail(`se cargó ${loads(p).length} veces`);
      },
    },
  ],
  '"failed"': [
    {
      says: "Si no se guarda: 'Ha ocurrido un error' / 'Por favor comuniquese con soporte' (el error queda registrado)",
      actor: (p) => {
        lastWas(p, 'xstate.error.actor.save');
        if (!p.snapshot.context.error) fail('no se registró el error');
      },
      view: (p: ViewProbe) => {
        dialogWith(p, 'Ha ocurrido un error');
        dialogWith(p, 'Por favor comuniquese con soporte');
      },
    },
  ],
  '"saved"': [
    {
      says: "Guardado: 'La configuración ha sido guardada' una vez que el servidor respondió al PUT",
      actor: (p) => {
        lastWas(p, 'xstate.done.actor.save');
        if (saves(p).at(-1)?.outcome !== 'done') fail('el servidor no respondió');
      },
      view: (p: ViewProbe) => dialogWith(p, 'La configuración ha sido guardada'),
    },
  ],
};
settingsEditModel.describeEvent = (e) =>
  (
    ({
      'xstate.done.actor.load': 'se carga la configuración',
      'xstate.error.actor.load': 'la configuración no carga',
      'load.retry': 'pulsa Reintentar',
      'settings.edit': 'pulsa Editar',
      'settings.cancel': 'pulsa Cancelar',
      'settings.save': 'pulsa Guardar',
      'search.all': e.value ? "enciende 'Todo'" : "apaga 'Todo'",
      'option.toggle': `${e.value ? 'enciende' : 'apaga'} ${e.name}`,
      'message.change':
        String(e.value ?? '').length > 80
          ? 'escribe un mensaje de 81 caracteres'
          : String(e.value ?? '').trim() === ''
            ? 'deja el mensaje en espacios'
            : `escribe '${e.value}'`,
      'validity.choose': `elige ${e.hours} horas`,
      'frequent.choose': `elige ${e.amount} ${e.unit}`,
      'xstate.done.actor.save': 'el servidor guarda',
      'xstate.error.actor.save': 'el servidor falla',
      'dialog.close': 'pulsa Aceptar',
    }) as Record<string, string>
  )[e.type] ?? e.type;
