import { imageSize } from 'image-size';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { communityBody, logo, PNG_BASE64, JPEG_BASE64 } from '../../support/community-fixtures.js';
import { testApp, type TestApp } from '../../support/test-app.js';

/**
 * An image whose first bytes are PNG or JPEG, followed by HTML or SVG, was accepted
 * and served back as it came. Every stored image is decoded and encoded again: the appended
 * markup and the metadata are gone; bytes that only look like an image are refused.
 */
let t: TestApp;
let integrador: ReturnType<TestApp['as']>;
beforeAll(async () => {
  t = await testApp();
  integrador = t.as(await t.signIn('integrador@porton.mx'));
});
afterAll(async () => {
  await t?.close();
});

const HTML = '<html><body><script>alert(document.cookie)</script><svg onload="alert(1)"/></body></html>';
const polyglot = (base64: string) =>
  Buffer.concat([Buffer.from(base64, 'base64'), Buffer.from(HTML)]).toString('base64');

describe('uploaded images are re-encoded', () => {
  for (const [kind, base64, type] of [
    ['PNG', PNG_BASE64, 'png'],
    ['JPEG', JPEG_BASE64, 'jpg'],
  ] as const) {
    it(`a ${kind} followed by HTML is stored and served as pixels only`, async () => {
      const res = await integrador.post(
        '/api/fracs/admin',
        await communityBody(t, {
          name: `Políglota ${kind}`,
          file: logo(polyglot(base64), `image/${type === 'jpg' ? 'jpeg' : 'png'}`),
        }),
      );
      expect(res.statusCode).toBe(200);
      const served = await integrador.get(res.json().file.publicUrl);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.toString('latin1')).not.toMatch(/<script|<svg|<html/i);
      expect(imageSize(served.rawPayload).type).toBe(type);
    });
  }

  it('bytes with a PNG signature that do not decode are refused (415) and create nothing', async () => {
    const fake = Buffer.concat([Buffer.from(PNG_BASE64, 'base64').subarray(0, 8), Buffer.from(HTML)]).toString(
      'base64',
    );
    const res = await integrador.post(
      '/api/fracs/admin',
      await communityBody(t, { name: 'Falso PNG', file: logo(fake) }),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe('unsupported_media_type');
    expect((await integrador.get('/api/fracs?search=Falso PNG')).json().totalElements).toBe(0);
  });
});
