/**
 * The checks before publishing (src/contract/checks.ts), in a worker thread (server/workers/tasks.ts):
 * an article's saved blog HTML parsed by parse5, and the addresses of other sites it holds asked
 * through the scraper's safe fetch (a private address is never fetched). Never on the request thread.
 *
 * parse5 is the HTML parser jsdom itself uses, so the tree is the one jsdom would build (scripting
 * off, as jsdom's default); without jsdom's DOM a worker that runs checks holds about 10 MB of
 * modules instead of 70 (server/test/checks-outline.test.ts compares the two on generated HTML).
 */
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { addressesOf, checkArticle, checkTexts, type AddressCheck, type ArticleChecks, type HtmlOutline } from '../../src/contract/index.ts';
import { ApiError } from '../errors.ts';
import { probeAddress, type SafeFetchOptions } from '../shared/safe-fetch.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const isElement = (node: Node): node is Element => 'tagName' in node;
const childrenOf = (node: Node): Node[] => ('childNodes' in node ? node.childNodes : []);

/**
 * `node` and what it holds, in document order, walked without recursion (blog HTML may nest
 * tens of thousands of elements deep): each with its parent element.
 */
function* descendants(node: Node): Generator<{ node: Node; parent: Element | undefined }> {
  const stack: { node: Node; parent: Element | undefined }[] = [{ node, parent: undefined }];
  while (stack.length) {
    const next = stack.pop()!;
    yield next;
    const children = childrenOf(next.node);
    const parent = isElement(next.node) ? next.node : undefined;
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, parent });
  }
}

const isText = (node: Node): node is DefaultTreeAdapterMap['textNode'] => node.nodeName === '#text';

/** Everything a node holds, as `textContent` reads it (a template's content is not its children). */
function textOf(node: Node): string {
  let text = '';
  for (const { node: each } of descendants(node)) if (isText(each)) text += each.value;
  return text;
}

/** The outline of `html` parsed as a page's body, as jsdom and the browser parse it. */
export function outlineOfHtml(html: string): HtmlOutline {
  const document = parse(`<!doctype html><body>${html}</body>`, { scriptingEnabled: false });
  const root = document.childNodes.find((node): node is Element => isElement(node) && node.tagName === 'html');
  const body = root?.childNodes.find((node): node is Element => isElement(node) && node.tagName === 'body');
  const outline: HtmlOutline = { elements: [], texts: [] };
  if (!body) return outline;
  for (const { node, parent } of descendants(body)) {
    if (node === body || !parent) continue;
    if (isText(node)) {
      outline.texts.push({ text: node.value, parent: parent.tagName.toLowerCase() });
    } else if (isElement(node)) {
      const attributes = node.attrs;
      outline.elements.push({
        tag: node.tagName.toLowerCase(),
        // As getAttribute on an HTML document: the qualified name (`xlink:href` is not `href`), in lower case.
        attribute: (name) => {
          const wanted = name.toLowerCase();
          return attributes.find((a) => (a.prefix ? `${a.prefix}:${a.name}` : a.name) === wanted)?.value ?? null;
        },
        text: () => textOf(node),
      });
    }
  }
  return outline;
}

export function checkArticleHtml(
  html: string,
  title: string | null,
  checkedAt: Date,
): { checks: ArticleChecks; addresses: { links: string[]; images: string[] } } {
  const outline = outlineOfHtml(html);
  return { checks: checkArticle(outline, title, checkedAt), addresses: addressesOf(outline) };
}

/** How many addresses are asked at once. */
const AT_ONCE = 8;

/** What one address answered: 2xx passes; another status, no answer or a refusal fails, saying which. */
async function probe(url: string, options: SafeFetchOptions): Promise<AddressCheck> {
  try {
    const status = await probeAddress(url, options);
    return status >= 200 && status < 300 ? { url, ok: true, detail: '' } : { url, ok: false, detail: checkTexts.status(status) };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // A private address (at first or after a redirect) is refused before any request; a redirect
    // to another scheme or with credentials is refused with its own reason.
    const privateAddress = error.code === 'url_not_allowed' && !error.message.startsWith('Redirect refused');
    return { url, ok: false, detail: privateAddress ? checkTexts.notChecked : error.message };
  }
}

export async function probeAddresses(urls: string[], options: SafeFetchOptions): Promise<AddressCheck[]> {
  const queue = [...urls];
  const found: AddressCheck[] = [];
  const next = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) found.push(await probe(url, options));
  };
  await Promise.all(Array.from({ length: AT_ONCE }, next));
  return found;
}
