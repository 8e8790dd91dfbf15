import { describe, expect, it } from 'vitest';
import { OPERATION_ACCESS, ROLES, whoMay, type OperationId } from '../contract/roles';
import { accessFor } from './access';
import { refusedActions, type RefusableOperation } from './texts-roles';

describe('accessFor', () => {
  it('reads an older server’s me, which names no role, as an admin’s', () => {
    expect(accessFor(undefined)).toBe(accessFor('admin'));
    expect(accessFor(undefined).may('listWebhooks')).toBe(true);
  });

  it('gives the same object for a role every time (memoised screens see no change)', () => {
    expect(accessFor('author')).toBe(accessFor('author'));
    expect(accessFor('author')).not.toBe(accessFor('editor'));
  });

  it('names the role and what it is for', () => {
    expect(accessFor('editor')).toMatchObject({ role: 'editor', label: 'Editor', description: 'Articles and files: edit, publish, schedule, delete' });
  });

  it('lets an admin do everything, an editor everything but accounts, invitations and webhooks', () => {
    const operations = Object.keys(OPERATION_ACCESS) as OperationId[];
    expect(operations.filter((op) => !accessFor('admin').may(op, { published: true }))).toEqual([]);
    expect(operations.filter((op) => !accessFor('editor').may(op, { published: true })).sort()).toEqual(
      operations.filter((op) => OPERATION_ACCESS[op] === 'admin').sort(),
    );
    expect(accessFor('editor').may('scheduleArticle')).toBe(true);
  });

  it('lets an author change drafts only, never schedule, publish, bulk or purge', () => {
    const author = accessFor('author');
    expect(author.may('updateArticle')).toBe(true);
    expect(author.may('updateArticle', { published: true })).toBe(false);
    expect(author.may('deleteArticle', { published: false })).toBe(true);
    expect(author.may('deleteArticle', { published: true })).toBe(false);
    expect(author.may('createArticle')).toBe(true);
    expect(author.may('uploadFile')).toBe(true);
    for (const op of ['publishArticle', 'convertArticleToDraft', 'bulkArticles', 'purgeArticle', 'restoreArticle', 'deleteFile'] as const) {
      expect(author.may(op)).toBe(false);
    }
    expect(author.may('scheduleArticle')).toBe(false);
  });

  it('lets a viewer read everything an editor can and change nothing', () => {
    const viewer = accessFor('viewer');
    const operations = Object.keys(OPERATION_ACCESS) as OperationId[];
    const reads = operations.filter((op) => /^(list|get|check|download)/.test(op) && OPERATION_ACCESS[op] !== 'admin');
    expect(reads.length).toBeGreaterThan(10);
    expect(reads.filter((op) => !viewer.may(op))).toEqual([]);
    for (const op of ['createArticle', 'updateArticle', 'uploadFile', 'deleteArticle'] as const) expect(viewer.may(op)).toBe(false);
  });
});

describe('whyNot', () => {
  it('is null for what the role may do', () => {
    expect(accessFor('editor').whyNot('publishArticle')).toBeNull();
    expect(accessFor('author').whyNot('updateArticle')).toBeNull();
  });

  it('names who may, for a tooltip', () => {
    expect(whoMay('publishArticle')).toBe('an admin or an editor');
    expect(accessFor('author').whyNot('publishArticle')).toBe('Only an admin or an editor may publish articles');
    expect(accessFor('viewer').whyNot('updateArticle')).toBe(`Only ${whoMay('updateArticle')} may edit articles`);
    // A viewer may not delete any article: the article being published is not the reason.
    expect(accessFor('viewer').whyNot('deleteArticle', { published: true })).toBe(`Only ${whoMay('deleteArticle')} may delete articles`);
  });

  it('says a published article is the reason when the role may change drafts', () => {
    expect(accessFor('author').whyNot('updateArticle', { published: true })).toBe(
      'Only an admin or an editor may change a published article',
    );
    expect(accessFor('author').whyNot('deleteArticle', { published: true })).toBe(
      'Only an admin or an editor may change a published article',
    );
  });

  it('refuses scheduling to authors and viewers alike', () => {
    expect(accessFor('author').whyNot('scheduleArticle')).toBe('Only an admin or an editor may schedule articles');
    expect(accessFor('viewer').whyNot('scheduleArticle')).toBe('Only an admin or an editor may schedule articles');
    expect(accessFor('editor').whyNot('scheduleArticle')).toBeNull();
  });

  it('has words for every operation it may be asked about, and names who may as the contract does', () => {
    for (const op of Object.keys(refusedActions) as RefusableOperation[]) {
      const reason = accessFor('viewer').whyNot(op);
      if (reason) expect(reason).toBe(`Only ${whoMay(op)} may ${refusedActions[op]}`);
    }
  });
});

describe('screenNotice', () => {
  it('says who may use a screen, and the role of whoever may not, as the server’s 403 does', () => {
    expect(accessFor('editor').screenNotice('listWebhooks')).toBe('Only an admin may manage webhooks; you are an editor.');
    expect(accessFor('viewer').screenNotice('createArticle')).toBe(
      'Only an admin, an editor or an author may create articles; you are a viewer.',
    );
    expect(accessFor('author').screenNotice('listWebhooks')).toBe('Only an admin may manage webhooks; you are an author.');
  });

  it('is null for a screen the role may use', () => {
    for (const role of ROLES) expect(accessFor(role).screenNotice('listWebhooks') === null).toBe(role === 'admin');
    expect(accessFor('author').screenNotice('createArticle')).toBeNull();
  });
});
