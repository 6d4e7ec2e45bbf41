import type { ScopedFrom } from '../platform/db/community-scope.js';

/** The rows of a location catalogue and the columns of one item, as `communityCatalogue` reads them. */
export interface CatalogueRows {
  from: ScopedFrom;
  select: string;
}

/** Zones, each with its community. */
export const ZONE_ROWS: CatalogueRows = {
  from: { table: 'zones', alias: 'z', joins: 'JOIN communities c ON c.id = z.community_id' },
  select: `z.uuid, z.id AS "idZone", z.name, z.color, z.community_id AS "idFrac",
    json_build_object('uuid', c.uuid, 'name', c.name) AS "testFrac"`,
};

/** Access gates, each with its community. */
export const GATE_ROWS: CatalogueRows = {
  from: { table: 'gates', alias: 'g', joins: 'JOIN communities c ON c.id = g.community_id' },
  select: `g.uuid, g.id AS "idGate", g.name, g.community_id AS "idFrac",
    json_build_object('uuid', c.uuid, 'name', c.name) AS "testFrac"`,
};

/** Streets, each with its zone and the zone's community. */
export const STREET_ROWS: CatalogueRows = {
  from: {
    table: 'streets',
    alias: 's',
    joins: 'JOIN zones z ON z.id = s.zone_id JOIN communities c ON c.id = s.community_id',
  },
  select: `s.uuid, s.id AS "idStreet", s.name, s.zone_id AS "idZone",
    json_build_object('uuid', z.uuid, 'idZone', z.id, 'name', z.name,
      'testFrac', json_build_object('uuid', c.uuid, 'name', c.name)) AS "testZone"`,
};

/** Common areas, each with its street, the street's zone and the zone's community. */
export const COMMON_AREA_ROWS: CatalogueRows = {
  from: {
    table: 'common_areas',
    alias: 'a',
    joins:
      'JOIN streets s ON s.id = a.street_id JOIN zones z ON z.id = s.zone_id JOIN communities c ON c.id = a.community_id',
  },
  select: `a.uuid, a.id AS "idCommonArea", a.name, a.number, a.street_id AS "idStreet",
    json_build_object('uuid', s.uuid, 'idStreet', s.id, 'name', s.name,
      'testZone', json_build_object('uuid', z.uuid, 'idZone', z.id, 'name', z.name,
        'testFrac', json_build_object('uuid', c.uuid, 'name', c.name))) AS "testStreet"`,
};
