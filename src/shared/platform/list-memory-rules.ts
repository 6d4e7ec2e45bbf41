/**
 * Which lists remember where they stood, and on which routes (the residents list's
 * page and search are kept in local storage while moving to /newResidents and back, and cleared
 * when the user leaves to other routes).
 */
export const LIST_MEMORY_SCOPES = {
  residents: ['/residents', '/newResidents'],
  /** Boletines: search text and page survive the move to /newNews and back. */
  newsletters: ['/newsletters', '/newNews'],
  /** Dispositivos: page and search are kept in local storage and cleared on leaving. */
  devices: ['/qrcodes'],
} as const satisfies Record<string, readonly string[]>;

export type ListMemoryName = keyof typeof LIST_MEMORY_SCOPES;

/** The local-storage key of a list's memory. */
export const listMemoryKey = (name: ListMemoryName) => `porton.list.${name}`;

/** A list's memory survives on `pathname` only if the route is in its scope. */
export const keepsListMemory = (name: ListMemoryName, pathname: string) =>
  (LIST_MEMORY_SCOPES[name] as readonly string[]).includes(pathname);

/** The memories to clear when the route becomes `pathname`. */
export const listMemoriesToClear = (pathname: string) =>
  (Object.keys(LIST_MEMORY_SCOPES) as ListMemoryName[]).filter((name) => !keepsListMemory(name, pathname));
