import type { Db } from '../platform/db/db.js';

/** Demo gates, provider types and common areas for each demo community (first start only). */
const perCommunity = {
  gates: ['Caseta principal', 'Acceso peatonal'],
  providerTypes: ['Gas', 'Agua', 'Paquetería', 'Jardinería'],
  commonAreas: [
    { name: 'Casa club', number: '1' },
    { name: 'Alberca', number: '2' },
  ],
};

export async function seedDemoCatalogues(db: Db) {
  await db.tx(async (q) => {
    const communities = await q.query<{ id: number }>('SELECT id FROM communities ORDER BY id');
    for (const { id } of communities) {
      for (const name of perCommunity.gates)
        await q.query('INSERT INTO gates (community_id, name) VALUES ($1, $2)', [id, name]);
      for (const name of perCommunity.providerTypes)
        await q.query('INSERT INTO provider_types (community_id, name) VALUES ($1, $2)', [id, name]);
      const street = await q.one<{ id: number }>('SELECT id FROM streets WHERE community_id = $1 ORDER BY id LIMIT 1', [
        id,
      ]);
      if (!street) continue;
      for (const area of perCommunity.commonAreas) {
        await q.query('INSERT INTO common_areas (community_id, street_id, name, number) VALUES ($1, $2, $3, $4)', [
          id,
          street.id,
          area.name,
          area.number,
        ]);
      }
    }
  });
}
