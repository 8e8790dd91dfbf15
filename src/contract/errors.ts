/**
 * Every error the server can send, by its `code`: the HTTP status it comes with and its message.
 * The server creates its errors from this list (server/errors.ts `apiError`) and the stories'
 * MSW handlers build theirs from it (stories/mocks/errors.ts `errorResponse`), so a mock cannot
 * send a code or a message the server would not. Needs no zod; re-exported by `./index`.
 */
import { serverMessages as m } from './messages';
import { scheduleMessages } from './schedule';
import { presenceMessages } from './presence';
import { roleMessages } from './roles';
import { webhookMessages } from './webhooks';
import { sourceChangeMessages, sourceMessages } from './sources';
import { siteRuleMessages } from './siteRulesLimits';
import { folderMessages } from './folderMessages';
import { uploadMessages } from './uploads';
import { reviewMessages } from './review';
import { commentMessages } from './comments';

export interface ApiErrorSpec {
  /** The HTTP status it is sent with. */
  readonly status: number;
  /**
   * Its message: one text; several (one per case, e.g. which thing was not found); or null when
   * the server builds it at run time (which field failed validation, which address was refused).
   */
  readonly message: string | readonly string[] | null;
}

export const apiErrors = {
  // Requests the server could not take as they are.
  /** Fastify's own client errors keep their 4xx status and message. */
  bad_request: { status: 400, message: null },
  validation_failed: { status: 400, message: null },
  invalid_json: { status: 400, message: m.invalidJson },
  invalid_text: { status: 400, message: m.nulCharacter },
  too_large: { status: 413, message: m.bodyTooLarge },
  unsupported_media_type: { status: 415, message: m.unsupportedMediaType },
  not_found: {
    status: 404,
    message: [
      m.notFound,
      m.articleNotFound,
      m.fileNotFound,
      m.userNotFound,
      m.sessionNotFound,
      m.invitationNotFound,
      m.revisionNotFound,
      m.fileVersionNotFound,
      webhookMessages.notFound,
      webhookMessages.deliveryNotFound,
      sourceMessages.notFound,
      siteRuleMessages.notFound,
      presenceMessages.tabNotOpen,
      folderMessages.notFound,
      commentMessages.notFound,
    ],
  },
  // The server or what it depends on.
  internal: { status: 500, message: m.internal },
  busy: { status: 503, message: m.serverBusy },
  database_unavailable: { status: 503, message: m.databaseUnavailable },
  database_busy: { status: 503, message: m.databaseBusy },
  storage_full: { status: 507, message: m.storageFull },
  storage_unavailable: { status: 503, message: m.storageUnavailable },
  // Sessions and accounts.
  unauthorized: { status: 401, message: m.unauthorized },
  cross_site: { status: 403, message: m.crossSite },
  password_change_required: { status: 403, message: m.passwordChangeRequired },
  invalid_credentials: { status: 401, message: m.invalidCredentials },
  too_many_attempts: { status: 429, message: m.tooManyAttempts },
  oidc_not_configured: { status: 404, message: m.oidcNotConfigured },
  current_password_wrong: { status: 400, message: m.currentPasswordWrong },
  password_unchanged: { status: 400, message: m.passwordUnchanged },
  email_taken: { status: 409, message: m.emailTaken },
  cannot_remove_self: { status: 409, message: m.cannotRemoveSelf },
  /** An operation the signed-in role may not call: roleMessages.forbidden names who may. */
  forbidden_role: { status: 403, message: null },
  last_admin: { status: 409, message: roleMessages.lastAdmin },
  // Who is on an article (./presence).
  /** presenceMessages.leaseHeld: who, and since when. */
  lease_held: { status: 409, message: null },
  lease_lapsed: { status: 409, message: presenceMessages.leaseLapsed },
  invitations_disabled: { status: 409, message: m.invitationsDisabled },
  invitation_invalid: { status: 410, message: m.invitationInvalid },
  // Articles.
  invalid_cursor: { status: 400, message: [m.invalidCursor, m.cursorOfOtherSort] },
  invalid_slug: { status: 400, message: m.slugInvalid },
  slug_taken: { status: 409, message: m.slugTaken },
  article_published: { status: 409, message: m.articlePublished },
  stale_article: { status: 409, message: m.articleStale },
  no_scraped_url: { status: 400, message: m.noScrapedUrl },
  // Scheduled publishing.
  schedule_published: { status: 409, message: scheduleMessages.alreadyPublished },
  schedule_needs_publish: { status: 409, message: scheduleMessages.needsPublish },
  schedule_not_failed: { status: 409, message: scheduleMessages.notFailed },
  /** A retried scheduled change failed again: 'Scheduled publish failed: the article has no slug'. */
  schedule_failed: { status: 409, message: null },
  // Webhooks.
  endpoint_disabled: { status: 409, message: webhookMessages.endpointDisabled },
  // Sources.
  source_exists: { status: 409, message: sourceMessages.alreadyFollowed },
  poll_running: { status: 409, message: sourceMessages.pollRunning },
  /** sourceMessages.noFeedFound, notAFeed or entitiesRefused. */
  no_feed_found: { status: 422, message: [sourceMessages.noFeedFound, sourceMessages.notAFeed, sourceMessages.entitiesRefused] },
  no_source_change: { status: 404, message: sourceChangeMessages.none },
  /** The site's robots.txt disallows the page, or could not be read (PoliteFetcher's reasons). */
  robots_disallowed: { status: 422, message: null },
  // Scraping.
  already_scraped: { status: 409, message: m.alreadyScraped },
  restore_slug_taken: { status: 409, message: m.restoreSlugTaken },
  not_in_trash: { status: 409, message: [m.notInTrash, m.fileNotInTrash] },
  invalid_url: {
    status: 400,
    message: [m.invalidUrl, m.onlyHttpUrls, m.urlWithCredentials, webhookMessages.onlyHttp, webhookMessages.withCredentials],
  },
  url_not_allowed: { status: 400, message: null },
  fetch_failed: { status: 502, message: null },
  fetch_timeout: { status: 504, message: null },
  page_too_large: { status: 422, message: null },
  not_html: { status: 422, message: m.notHtml },
  no_article: { status: 422, message: m.noArticle },
  page_too_slow: { status: 422, message: m.pageTooSlow },
  page_too_complex: { status: 422, message: m.pageTooComplex },
  /** A site's rule that the page's parser refuses: siteRuleMessages.notASelector with the selector. */
  invalid_selector: { status: 400, message: null },
  // Files.
  not_multipart: { status: 400, message: m.sendMultipart },
  missing_file: { status: 400, message: m.sendMultipart },
  too_many_parts: { status: 400, message: m.oneFilePerRequest },
  bad_multipart: { status: 400, message: m.badMultipart },
  file_empty: { status: 400, message: m.fileEmpty },
  /** serverMessages.fileTooLarge at the default limit; the server's MAX_UPLOAD_BYTES otherwise. */
  file_too_large: { status: 413, message: null },
  file_type_not_allowed: { status: 415, message: m.fileTypeNotAllowed },
  image_too_large: { status: 400, message: m.imageTooLarge },
  image_damaged: { status: 400, message: m.imageDamaged },
  image_undecodable: { status: 422, message: m.imageUndecodable },
  svg_too_complex: { status: 422, message: m.svgTooComplex },
  /** A file a published article shows, deleted without `confirm`: serverMessages.fileInUse with the articles. */
  file_in_use: { status: 409, message: null },
  /** Sizes and formats asked of a PDF or an SVG: only raster images are made to measure. */
  not_resizable: { status: 400, message: m.notResizable },
  /** A derivative that could not be made in its time or memory (the image is served as stored instead). */
  derivative_failed: { status: 422, message: m.derivativeFailed },
  /**
   * A replacement whose bytes another file already has: serverMessages.alreadyInLibrary or
   * alreadyInTrash with that file's name.
   */
  file_duplicate: { status: 409, message: null },
  review_not_requested: { status: 409, message: reviewMessages.notRequested },
  /** A resumable upload that is not here (./uploads): finished, cancelled, expired, or another account's. */
  upload_not_found: { status: 404, message: uploadMessages.notFound },
  // Folders (./folderMessages).
  folder_target_not_found: { status: 422, message: folderMessages.targetNotFound },
  /** folderMessages.nameTaken: the name, and where. */
  folder_name_taken: { status: 409, message: null },
  folder_cycle: { status: 422, message: folderMessages.cycle },
  folder_too_deep: { status: 422, message: folderMessages.tooDeep },
  too_many_folders: { status: 409, message: folderMessages.tooMany },
  /** folderMessages.notEmpty: how many files and folders it holds. */
  folder_not_empty: { status: 409, message: null },
} as const satisfies Record<string, ApiErrorSpec>;

export type ApiErrorCode = keyof typeof apiErrors;

type MessageSpec<C extends ApiErrorCode> = (typeof apiErrors)[C]['message'];

/** The message a code carries when its list entry has no single text: one of its texts, or any built at run time. */
export type ApiErrorMessage<C extends ApiErrorCode> = MessageSpec<C> extends readonly (infer M)[] ? M : string;

/** The arguments after the code: the message unless the list has the one text, then `Options`. */
export type ApiErrorArgs<C extends ApiErrorCode, Options> = MessageSpec<C> extends string
  ? [options?: Options]
  : [message: ApiErrorMessage<C>, options?: Options];

export const isApiErrorCode = (code: string): code is ApiErrorCode => Object.hasOwn(apiErrors, code);

/** The message of `code`: the list's own, else `message` (one of the listed ones, or built at run time). */
export function apiErrorMessage(code: ApiErrorCode, message?: string): string {
  const listed = apiErrors[code].message;
  if (typeof listed === 'string') return listed;
  if (message === undefined) throw new Error(`The error ${code} needs its message`);
  return message;
}

/** How an error body looks: `success: false` is added on the file routes (docs/product.md, 'File calls'). */
export type ErrorShape = 'api' | 'file';

export interface ApiErrorBody {
  success?: false;
  message: string;
  code: ApiErrorCode;
  /** With `already_scraped`: the article made from that page before. */
  articleId?: string;
  /** With `restore_slug_taken`: a free slug to restore the article with. */
  suggestion?: string;
}

/** The body of an error answer, with its fields in the order the server writes them. */
export function errorBodyOf(
  error: { code: ApiErrorCode; message: string; extra?: { articleId?: string; suggestion?: string } },
  shape: ErrorShape = 'api',
): ApiErrorBody {
  const body = { message: error.message, code: error.code, ...error.extra };
  return shape === 'file' ? { success: false, ...body } : body;
}
