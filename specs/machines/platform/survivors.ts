/**
 * Generated mutants no expectation kills, per machine, with the reason: a change the spec cannot
 * tell apart from the real machine (an equivalent mutant) or one no path can observe.
 */
export const knownSurvivors: Record<string, Record<string, string>> = {
  workerRequest: {
    'submitted · dialog.close #2: otro destino':
      "Equivalente: el mutante va directo a 'Solicitud pendiente' sin juzgar, pero el trabajador de un contratista recién enviado es una solicitud pendiente, que es lo que se juzgaría; solo una decisión posterior lo cambia, y esa sí se juzga.",
  },
  eventWizard: {
    'step1 · leave.request #1: sin acciones':
      'Ninguna ruta lo observa: las rutas salen con la X, sin enlace de menú, así que el destino guardado es nulo con la acción y sin ella; la salida hacia un enlace del menú no está entre los eventos del modelo.',
    'step1 · leave.request #2: sin acciones':
      'Ninguna ruta lo observa: las rutas salen con la X, sin enlace de menú, así que el destino guardado es nulo con la acción y sin ella; la salida hacia un enlace del menú no está entre los eventos del modelo.',
    'step2 · leave.request: sin acciones':
      'Ninguna ruta lo observa: las rutas salen con la X, sin enlace de menú, así que el destino guardado es nulo con la acción y sin ella; la salida hacia un enlace del menú no está entre los eventos del modelo.',
    'step3 · leave.request: sin acciones':
      'Ninguna ruta lo observa: las rutas salen con la X, sin enlace de menú, así que el destino guardado es nulo con la acción y sin ella; la salida hacia un enlace del menú no está entre los eventos del modelo.',
    'savingEvent · xstate.done.actor.saveEvent #1: sin acciones':
      "Equivalente: 'Guardar y salir' en el paso 1 termina el asistente (estado final); el id del evento y la sesión inactiva que guarda esta acción ya no los lee nadie.",
    'configuring · xstate.done.actor.configure: sin acciones':
      'Equivalente: tras Finalizar solo se descargan las invitaciones o se cierra, y ninguna de las dos pregunta antes de salir; la sesión inactiva que guarda esta acción no la lee nadie.',
    'confirmingLeave · leave.cancel #1: sin acciones':
      'Equivalente para estas rutas: al preguntar desde este paso el destino ya es nulo (se pidió salir con la X), así que ponerlo a nulo al cancelar no cambia nada.',
    'confirmingLeave · leave.cancel #3: sin acciones':
      'Equivalente para estas rutas: al preguntar desde este paso el destino ya es nulo (se pidió salir con la X), así que ponerlo a nulo al cancelar no cambia nada.',
    'confirmingLeave · leave.cancel #2: sin acciones':
      'Ninguna ruta lo observa: el destino solo es no nulo al cancelar tras una descarga fallida de la importación, y la ruta más corta a cada nodo no sigue desde ahí hasta guardar el paso 2 (donde saldría en vez de ir al paso 3).',
  },
  workersScreen: {
    'deleted · dialog.close: sin acciones':
      'Equivalente para quien mira: el trabajador que se pidió eliminar queda guardado, pero la pantalla no lo dibuja fuera de la confirmación y el aviso, y el siguiente Eliminar lo sustituye; la lista se vuelve a leer igual.',
    'deciding · xstate.done.actor.approval #1: sin acciones':
      'Equivalente para quien mira: al pulsar Aprobar o Rechazar en una tarjeta no hay modal abierto (lo taparía), así que no hay modal que cerrar, y la decisión guardada solo es la entrada del hijo, que la siguiente decisión sustituye; la lista se vuelve a leer igual.',
  },
  guestImport: {
    'summary · import.confirm #2: otro destino':
      'Equivalente: el mutante va a uploaded en vez de uploading, pero uploaded decide al momento y, con invitados por enviar, sigue a uploading; el bloque enviado es el mismo y nada lo distingue.',
    'confirmingDuplicates · duplicates.accept: otro destino':
      'Equivalente: el mutante va a uploaded en vez de uploading, pero uploaded decide al momento y, con invitados por enviar, sigue a uploading; el bloque enviado es el mismo y nada lo distingue.',
    'confirmingDuplicates · duplicates.reject #1: otro destino':
      'Equivalente: el mutante va a uploaded en vez de uploading, pero uploaded decide al momento y, con invitados por enviar, sigue a uploading; el bloque enviado es el mismo y nada lo distingue.',
    'failed · upload.retry: otro destino':
      'Equivalente: el mutante va a uploaded en vez de uploading, pero uploaded decide al momento y, con invitados por enviar, sigue a uploading; el bloque enviado es el mismo y nada lo distingue.',
  },
};
