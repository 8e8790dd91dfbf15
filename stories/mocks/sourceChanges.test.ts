// The source change handlers answer in the contract's shapes and as the server does: a check
// flags an article whose source's text changed, the change is read with the server's merge, a
// merge takes the conflicts asked and clears the flag, a dismissal too, and the refusals.
import { describe, expect, it } from 'vitest';
import { articleResultSchema, sourceChangeMessages, sourceChangeResultSchema, sourceCheckResultSchema, sourceMergeResultSchema } from '../../src/contract';
import { makeArticle } from '../fixtures';
import { articleHandlers } from './index';
import { sender, testServer } from './testServer';

const server = testServer();
const send = sender('http://localhost/api/articles');

const p = (...texts: string[]) => texts.map((text) => `<p>${text}</p>\n`).join('');
const article = makeArticle({ id: 'art_source', scrappedData: 'one\n\ntwo\n\nthree', blogData: p('one', 'two, mine', 'three') });
const page = { base: p('one', 'two', 'three'), text: 'one\n\ntwo, theirs\n\nthree, fixed', html: p('one', 'two, theirs', 'three, fixed') };

describe('source change handlers', () => {
  it('flag on a check, read the change with its merge, and merge with a conflict taken', async () => {
    server.use(...articleHandlers.api([article], [], { sourcePages: { [article.id]: page } }));
    expect((await send(`/${article.id}/source-change`)).status).toBe(404);
    expect(sourceCheckResultSchema.parse(await (await send(`/${article.id}/source-check`, 'POST')).json()).data).toEqual({ changed: true, notModified: false });
    const change = sourceChangeResultSchema.parse(await (await send(`/${article.id}/source-change`)).json()).data;
    expect(change.merge.conflicts).toHaveLength(1);
    expect(change.newText).toBe(page.text);
    const unknown = await send(`/${article.id}/source-change/merge`, 'POST', { take: [4] });
    expect(await unknown.json()).toEqual({ message: sourceChangeMessages.takeUnknown, code: 'validation_failed' });
    const merged = sourceMergeResultSchema.parse(await (await send(`/${article.id}/source-change/merge`, 'POST', { take: [0] })).json());
    expect(merged.data.blogData).toBe(page.html);
    expect(merged.data.sourceChanged).toBe(false);
    expect(articleResultSchema.parse(await (await send(`/${article.id}`)).json()).data.scrappedData).toBe(page.text);
  });

  it('dismiss a change; answer "not modified" when the source is as imported', async () => {
    server.use(...articleHandlers.api([{ ...article, sourceChanged: true }], [], { sourcePages: { [article.id]: page } }));
    expect((await send(`/${article.id}/source-change/dismiss`, 'POST')).status).toBe(204);
    expect(articleResultSchema.parse(await (await send(`/${article.id}`)).json()).data.sourceChanged).toBe(false);
    expect(await (await send(`/${article.id}/source-change/dismiss`, 'POST')).json()).toEqual({ message: sourceChangeMessages.none, code: 'no_source_change' });
    expect(sourceCheckResultSchema.parse(await (await send(`/${article.id}/source-check`, 'POST')).json()).data).toEqual({ changed: false, notModified: true });
  });
});
