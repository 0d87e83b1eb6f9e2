import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restaurantImage } from '../../db/seed/images.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';

let t: TestContext;
let admin = '';
beforeAll(async () => {
  t = await createTestContext({ UPLOAD_MAX_MB: '0.5' });
  admin = (await t.signIn('admin@example.com')).access_token;
});
afterAll(() => t.close());

function multipart(bytes: Buffer, filename: string, type: string) {
  const boundary = '----dostava-test';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('POST /api/uploads', () => {
  it('stores a PNG and serves it back under its URL with its type', async () => {
    const png = restaurantImage(200, 40, 30);
    const res = await t.request({
      method: 'POST',
      url: '/api/uploads',
      token: admin,
      ...multipart(png, 'a.png', 'image/png'),
    });
    expect(res.statusCode).toBe(201);
    const { file_url } = res.json().data;
    const file = await t.request({ method: 'GET', url: file_url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png)).toBe(true);
  });

  it('refuses a file that only claims to be an image', async () => {
    const fake = Buffer.from('<script>alert(1)</script>');
    const res = await t.request({
      method: 'POST',
      url: '/api/uploads',
      token: admin,
      lang: 'en',
      ...multipart(fake, 'x.png', 'image/png'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ file: ['Only PNG, JPEG and WebP images are accepted'] });
  });

  it('refuses a file over the size limit', async () => {
    const big = Buffer.concat([restaurantImage(10, 8, 8), Buffer.alloc(600 * 1024)]);
    const res = await t.request({
      method: 'POST',
      url: '/api/uploads',
      token: admin,
      lang: 'en',
      ...multipart(big, 'big.png', 'image/png'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ file: ['The file is larger than 0.5 MB'] });
  });

  it('needs a staff sign-in', async () => {
    const png = restaurantImage(200, 8, 8);
    expect(
      (await t.request({ method: 'POST', url: '/api/uploads', ...multipart(png, 'a.png', 'image/png') }))
        .statusCode,
    ).toBe(401);
    const customer = (await t.signIn('customer@example.com')).access_token;
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/uploads',
          token: customer,
          ...multipart(png, 'a.png', 'image/png'),
        })
      ).statusCode,
    ).toBe(403);
  });

  it('does not serve paths outside the uploads', async () => {
    expect((await t.request({ method: 'GET', url: '/api/uploads/../jwt-secret' })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/uploads/jwt-secret' })).statusCode).toBe(404);
  });
});
