/** Sample data for stories and MSW handlers, typed by the shared contract. */
import { SCHEDULE_PREVIEW, toArticleCard, type Activity, type Article, type ArticleCard, type ArticleCounts, type ArticleStats, type Health, type StoredFile, type TrashedFile } from '../src/contract';

const day = 24 * 60 * 60 * 1000;
const base = Date.parse('2026-11-20T09:30:00.000Z');

export function makeArticle(overrides: Partial<Article> = {}): Article {
  return {
    id: 'art_01JD8W4G7Q2Z9K3M5N6P7R8S9T',
    status: 'draft',
    title: 'How to grow tomatoes in small spaces',
    slug: 'how-to-grow-tomatoes',
    blogData:
      '<h1>How to grow tomatoes</h1><p>Tomatoes need <strong>sun</strong>, water and patience.</p>',
    scrapedUrl: 'https://garden.example.com/guides/vegetables/how-to-grow-tomatoes-in-small-spaces',
    newUrl: 'https://blog.example.com/how-to-grow-tomatoes',
    scrappedData:
      'How to grow tomatoes in small spaces. Tomatoes are one of the most rewarding vegetables to grow at home, and even a balcony can give you a summer of fruit if you choose the right variety and container.',
    createdAt: new Date(base - 3 * day).toISOString(),
    updatedAt: new Date(base - 3 * day).toISOString(),
    ...overrides,
  };
}

export const draftArticle = makeArticle();

export const publishedArticle = makeArticle({
  id: 'art_01JD8W4G7Q2Z9K3M5N6P7PUBL1',
  status: 'published',
  title: 'Best hiking boots of 2026',
  slug: 'best-hiking-boots-2026',
  scrapedUrl: 'https://outdoors.example.com/reviews/best-hiking-boots',
  newUrl: 'https://blog.example.com/best-hiking-boots-2026',
  blogData: '<h1>Best hiking boots of 2026</h1><p>We walked 400 km to find out.</p>',
  scrappedData: 'Best hiking boots of 2026. We tested twelve pairs over four months.',
  createdAt: new Date(base - 10 * day).toISOString(),
  updatedAt: new Date(base - 1 * day).toISOString(),
});

export const articleWithoutBlogData = makeArticle({
  id: 'art_01JD8W4G7Q2Z9K3M5N6P7NOBLOG',
  title: null,
  slug: null,
  blogData: null,
  newUrl: null,
  scrapedUrl: 'https://news.example.com/a',
});

export const articleWithoutUrls = makeArticle({
  id: 'art_01JD8W4G7Q2Z9K3M5N6P7NOURL1',
  scrapedUrl: null,
  newUrl: null,
});

/** Titles of the sample list, as scraped pages have them (one sample has none). */
const sampleTitles = [
  'How to grow tomatoes in small spaces',
  'A weekend in Lisbon on a budget',
  'Sourdough for beginners: the first loaf',
  'Why index funds beat most managers',
  null,
  'The quiet revival of the vinyl record',
  'Ten stretches for people who sit all day',
  'Designing forms people can finish',
  'What the Antikythera mechanism computed',
  'Marathon training without the injuries',
  'Balcony herbs that survive the winter',
  'Café culture in Vienna, explained',
];

export const articles: Article[] = Array.from({ length: 12 }, (_, i) =>
  makeArticle({
    id: `art_01JD8W4G7Q2Z9K3M5N6P${String(i).padStart(6, '0')}`,
    title: sampleTitles[i] ?? null,
    status: i % 3 === 0 ? 'published' : 'draft',
    slug: i === 4 ? null : `sample-article-${i + 1}`,
    createdAt: new Date(base - i * day).toISOString(),
    updatedAt: new Date(base - i * day + (i % 2 ? 3600_000 : 0)).toISOString(),
  }),
);

/** Whether an article is on the Scheduled tab: a publish or unpublish to come, or one that failed. */
export const isScheduled = (a: Pick<Article, 'publishAt' | 'unpublishAt' | 'scheduleFailure'>) =>
  !!(a.publishAt || a.unpublishAt || a.scheduleFailure);

export function countsOf(list: Article[]): ArticleCounts {
  const published = list.filter((a) => a.status === 'published').length;
  return { all: list.length, published, draft: list.length - published, scheduled: list.filter(isScheduled).length };
}

/**
 * An instant `days` from the real clock at 09:00 UTC: a schedule's times must be to come whenever
 * a story is opened, so they cannot be fixed dates.
 */
export function daysFromNow(days: number, hour = 9): string {
  const at = new Date(Date.now() + days * day);
  at.setUTCHours(hour, 0, 0, 0);
  return at.toISOString();
}

/** Articles with a schedule: a draft to publish, a published one to unpublish, and a publish that failed. */
export function scheduledSamples(): Article[] {
  return [
    makeArticle({
      id: 'art_01JD8W4G7Q2Z9K3M5N6PSCHED1',
      title: 'Winter squash, roasted five ways',
      slug: 'winter-squash-roasted',
      publishAt: daysFromNow(3),
      scheduleTimeZone: 'Europe/Paris',
    }),
    makeArticle({
      id: 'art_01JD8W4G7Q2Z9K3M5N6PSCHED2',
      status: 'published',
      title: 'Black Friday deals on hiking gear',
      slug: 'black-friday-hiking-deals',
      unpublishAt: daysFromNow(10, 5),
      scheduleTimeZone: 'America/New_York',
      scheduleNote: 'Published 12 min late: the server was not running',
    }),
    makeArticle({
      id: 'art_01JD8W4G7Q2Z9K3M5N6PSCHED3',
      title: 'A recipe without a slug yet',
      slug: null,
      publishAt: daysFromNow(-1),
      scheduleTimeZone: 'Europe/Paris',
      scheduleFailure: {
        action: 'publish',
        reason: 'the article has no slug',
        dueAt: daysFromNow(-1),
        failedAt: daysFromNow(-1),
      },
    }),
  ];
}

/** The dashboard's Scheduled figures of a list, as GET /articles/admin/stats sends them. */
export function scheduledOf(list: Article[]): NonNullable<ArticleStats['scheduled']> {
  const changes = list.flatMap((a) =>
    (['publish', 'unpublish'] as const)
      .filter((action) => a.scheduleFailure?.action !== action)
      .map((action) => ({ action, at: action === 'publish' ? a.publishAt : a.unpublishAt }))
      .filter((change): change is { action: 'publish' | 'unpublish'; at: string } => !!change.at)
      .map((change) => ({ id: a.id, title: a.title ?? null, slug: a.slug, timeZone: a.scheduleTimeZone ?? null, ...change })),
  );
  changes.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return {
    count: list.filter(isScheduled).length,
    failed: list.filter((a) => a.scheduleFailure).length,
    next: changes.slice(0, SCHEDULE_PREVIEW),
  };
}

/** The moment the sample data is "now": the dashboard's week-over-week figures count back from it. */
export const fixturesNow = new Date(base).toISOString();

/**
 * Dashboard figures for a list: the counts, and how many of each kind (by current status) were
 * created in the 7 days before `now` and in the 7 days before that.
 */
export function statsOf(list: Article[], now: string = fixturesNow): ArticleStats {
  const end = Date.parse(now);
  const inWeek = (a: Article, weeksBack: number) => {
    const age = end - Date.parse(a.createdAt);
    return age >= weeksBack * 7 * day && age < (weeksBack + 1) * 7 * day;
  };
  const pair = (of: (a: Article) => boolean) => ({
    current: list.filter((a) => of(a) && inWeek(a, 0)).length,
    previous: list.filter((a) => of(a) && inWeek(a, 1)).length,
  });
  return {
    counts: countsOf(list),
    scheduled: scheduledOf(list),
    createdPerWeek: {
      all: pair(() => true),
      published: pair((a) => a.status === 'published'),
      draft: pair((a) => a.status === 'draft'),
    },
  };
}

export function makeFile(overrides: Partial<StoredFile> = {}): StoredFile {
  return {
    id: 'file_01JD8W4G7Q2Z9K3M5N6P7R8S9T',
    name: 'annual-report-2025.pdf',
    size: 2_457_600,
    type: 'pdf',
    mimeType: 'application/pdf',
    url: '/api/files/file_01JD8W4G7Q2Z9K3M5N6P7R8S9T/content',
    uploadedAt: new Date(base - 2 * day).toISOString(),
    lastModified: new Date(base - 2 * day).toISOString(),
    ...overrides,
  };
}

/** A 1x1 PNG, so image thumbnails render without any network. */
export const tinyPngDataUrl =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * A PDF's first page as the server draws its thumbnail (US Letter, 248 x 320: a heading and a
 * paragraph on white), so PDF thumbnails render without any network.
 */
export const pdfPageThumbnailDataUrl = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="248" height="320" viewBox="0 0 248 320">' +
    '<rect width="248" height="320" fill="white"/><rect x="29" y="26" width="120" height="12" fill="black"/>' +
    Array.from({ length: 12 }, (_, i) => `<rect x="29" y="${54 + i * 6}" width="${i % 4 === 3 ? 150 : 190}" height="3" fill="gray"/>`).join('') +
    '</svg>',
)}`;

export const files: StoredFile[] = [
  makeFile(),
  makeFile({
    id: 'file_02',
    name: 'hero-banner.png',
    size: 482_133,
    type: 'image',
    mimeType: 'image/png',
    url: tinyPngDataUrl,
    thumbnailUrl: tinyPngDataUrl,
    uploadedAt: new Date(base - 1 * day).toISOString(),
  }),
  makeFile({
    id: 'file_03',
    name: 'team-photo.jpg',
    size: 3_145_728,
    type: 'image',
    mimeType: 'image/jpeg',
    url: tinyPngDataUrl,
    thumbnailUrl: tinyPngDataUrl,
    uploadedAt: new Date(base - 4 * day).toISOString(),
  }),
  makeFile({
    id: 'file_04',
    name: 'logo.svg',
    size: 5_120,
    type: 'image',
    mimeType: 'image/svg+xml',
    url: tinyPngDataUrl,
    uploadedAt: new Date(base - 5 * day).toISOString(),
  }),
  makeFile({
    id: 'file_05',
    name: 'notes.bin',
    size: 900,
    type: 'other',
    mimeType: 'application/octet-stream',
    uploadedAt: new Date(base - 6 * day).toISOString(),
  }),
];

/**
 * The sample files' trash, deleted counting back from `now` (the clock by default: the console
 * counts the days left from the clock), most recently deleted first: an image deleted an hour
 * ago (30 days left), a PDF 12 days ago (18 left) and one 29.5 days ago (1 day left).
 */
export function trashedFileSamples(now: number = Date.now()): TrashedFile[] {
  return [
    {
      ...makeFile({
        id: 'file_trash_1',
        name: 'old-banner.png',
        size: 120_400,
        type: 'image',
        mimeType: 'image/png',
        url: tinyPngDataUrl,
        thumbnailUrl: tinyPngDataUrl,
        uploadedAt: new Date(base - 40 * day).toISOString(),
        lastModified: new Date(base - 40 * day).toISOString(),
      }),
      deletedAt: new Date(now - 60 * 60 * 1000).toISOString(),
    },
    {
      ...makeFile({ id: 'file_trash_2', name: 'draft-contract.pdf', size: 88_000, url: '/api/files/file_trash_2/content' }),
      deletedAt: new Date(now - 12 * day).toISOString(),
    },
    {
      ...makeFile({ id: 'file_trash_3', name: 'q1-figures.pdf', size: 301_000, url: '/api/files/file_trash_3/content' }),
      deletedAt: new Date(now - 29.5 * day).toISOString(),
    },
  ];
}

export const healthy: Health = {
  api: 'online',
  database: 'connected',
  storage: { usedBytes: 12_884_901_888, totalBytes: 53_687_091_200, percent: 24, backend: 'local', reachable: true },
};

export const activities: Activity[] = [
  { id: 'act_3', kind: 'article.published', message: 'Published "best-hiking-boots-2026"', at: new Date(base - 3600_000).toISOString() },
  { id: 'act_2', kind: 'file.uploaded', message: 'Uploaded hero-banner.png', at: new Date(base - 5 * 3600_000).toISOString() },
  { id: 'act_1', kind: 'article.slug', message: 'Changed slug to "how-to-grow-tomatoes"', at: new Date(base - 26 * 3600_000).toISOString() },
];

/** What the list shows of an article: the server's card (bodies cut to 150 characters). */
export const makeCard = (overrides: Partial<Article> = {}): ArticleCard => toArticleCard(makeArticle(overrides));
export const draftCard = toArticleCard(draftArticle);
export const publishedCard = toArticleCard(publishedArticle);
export const cardWithoutBlogData = toArticleCard(articleWithoutBlogData);
export const cards: ArticleCard[] = articles.map(toArticleCard);

/** An article in the trash, and when it was deleted (as the MSW trash holds it). */
export interface TrashedSample {
  article: Article;
  deletedAt: string;
}

const hour = 60 * 60 * 1000;

/**
 * The sample trash, deleted counting back from `now` (the clock by default: the console counts
 * the days left from the clock), most recently deleted first: a titled draft deleted 2 hours ago
 * (30 days left), an untitled one without a slug 27 days ago (3 days left), and a published one
 * 29.5 days ago (1 day left) whose slug, `sample-article-2`, a live sample article has taken since
 * (its restore is refused with the suggestion `sample-article-2-2`).
 */
export function trashedSamples(now: number = Date.now()): TrashedSample[] {
  return [
    {
      article: makeArticle({
        id: 'art_01JD8W4G7Q2Z9K3M5N6PTRASH1',
        title: 'Tomato blight, and how to stop it',
        slug: 'tomato-blight',
        scrapedUrl: 'https://garden.example.com/tomato-blight',
      }),
      deletedAt: new Date(now - 2 * hour).toISOString(),
    },
    {
      article: makeArticle({ id: 'art_01JD8W4G7Q2Z9K3M5N6PTRASH2', title: null, slug: null, newUrl: null }),
      deletedAt: new Date(now - 27 * day).toISOString(),
    },
    {
      article: makeArticle({
        id: 'art_01JD8W4G7Q2Z9K3M5N6PTRASH3',
        status: 'published',
        title: 'A weekend in Lisbon, first draft',
        slug: 'sample-article-2',
        scrapedUrl: 'https://travel.example.com/lisbon-draft',
      }),
      deletedAt: new Date(now - 29.5 * day).toISOString(),
    },
  ];
}
