import { expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { adminEmail, adminPassword } from '../playwright.config';

export { adminEmail, adminPassword };

/** An API client signed in as the admin, for seeding data the way any client would. */
export async function apiAs(baseURL: string): Promise<APIRequestContext> {
  const anon = await request.newContext({ baseURL });
  const login = await anon.post('/api/auth/login', { data: { email: adminEmail, password: adminPassword } });
  expect(login.ok()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  await anon.dispose();
  return request.newContext({ baseURL, extraHTTPHeaders: { Authorization: `Bearer ${accessToken}` } });
}

export async function createArticle(
  api: APIRequestContext,
  fields: { title?: string; slug?: string; blogData?: string; scrapedUrl?: string; newUrl?: string; scrappedData?: string },
) {
  const res = await api.post('/api/articles', { data: fields });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { data: { id: string; slug: string | null; title?: string | null } }).data;
}

export async function signIn(page: Page, next = '/') {
  await page.goto(next);
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Email').fill(adminEmail);
  await page.getByLabel('Password').fill(adminPassword);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** A tiny valid PNG (1x1), built from its bytes. */
export const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A minimal valid one-page PDF. */
export const pdfBytes = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
