/**
 * Generated mutants no expectation kills, per machine, with the reason: a change the spec cannot
 * tell apart from the real machine (an equivalent mutant) or one no path can observe.
 */
export const knownSurvivors: Record<string, Record<string, string>> = {
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
