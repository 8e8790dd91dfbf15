import { lazy, Suspense, useDeferredValue } from 'react';
import { Badge, Box, Card, chakra, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { Button } from '../common/Button';
import { texts } from '../../lib/texts';
import { LockNotice } from './LockNotice';
import { blockedEditHandlers } from './blockedEdit';
import { canSaveHtml } from './rules';
import type { Insertion, Reveal } from '../../lib/checkPlace';
import { imagePickerTexts } from '../../lib/texts-image-picker';

// CodeMirror is large: it is fetched only when an article's editor is shown.
const HtmlCodeEditor = lazy(() => import('./HtmlCodeEditor'));

/** Height of both the editor and the preview. */
const PANE_HEIGHT = '500px';

export interface HtmlEditorPreviewProps {
  /** The blog HTML as saved on the article (null when there is none yet). */
  savedHtml: string | null;
  /** The HTML being edited. */
  value: string;
  onChange: (value: string) => void;
  isPublished: boolean;
  isSaving: boolean;
  onSave: () => void;
  /** Restores the saved HTML. */
  onReset: () => void;
  /** Called when someone tries to type into the HTML of a published article. */
  onBlockedEdit: () => void;
  /** Why the signed-in role may not edit this article: the editor is read-only and says so (no Convert to Draft offered). */
  refused?: string | null;
  /** A place the editor selects and brings into view (an item of the checks before publishing). */
  reveal?: Reveal | null;
  /** Opens the library's images (Insert image…); absent, the button is not offered. */
  onInsertImage?: () => void;
  /** A text the editor inserts where its cursor is (an image taken from the library). */
  insertion?: Insertion | null;
}

/**
 * The 'Live HTML Editor & Preview' card: an HTML code editor and, beside it (below it on
 * narrow screens), the rendered HTML in a sandboxed frame.
 */
export function HtmlEditorPreview({
  savedHtml,
  value,
  onChange,
  isPublished,
  isSaving,
  onSave,
  onReset,
  onBlockedEdit,
  refused,
  reveal,
  onInsertImage,
  insertion,
}: HtmlEditorPreviewProps) {
  const a = texts.article;
  const unsaved = value !== (savedHtml ?? '');
  // Read-only either way; only a published article offers Convert to Draft when typed into.
  const locked = isPublished || Boolean(refused);
  const canSave = canSaveHtml({ value, savedHtml, isPublished: locked, isSaving });
  // The preview follows the typing behind it: a key's text is drawn in the editor first, and the
  // new frame (a document of the whole HTML) comes after, once for keys typed faster than that.
  const preview = useDeferredValue(value);

  return (
    <Card.Root as="section" aria-label={a.htmlEditor} bg="bg.card">
      <Card.Header>
        <HStack justify="space-between" gap="3" wrap="wrap">
          <HStack gap="3" wrap="wrap">
            <Card.Title as="h2">{a.htmlEditor}</Card.Title>
            {unsaved && <Badge colorPalette="orange">{a.unsaved}</Badge>}
          </HStack>
          <HStack gap="2" wrap="wrap">
            {onInsertImage ? (
              <Button variant="outline" onClick={() => onInsertImage()} disabled={locked || isSaving}>
                {imagePickerTexts.open}
              </Button>
            ) : null}
            <Button variant="ghost" onClick={() => onReset()} disabled={!unsaved || isSaving}>
              {a.reset}
            </Button>
            <Button onClick={() => onSave()} disabled={!canSave} loading={isSaving} loadingText={a.saving}>
              {a.save}
            </Button>
          </HStack>
        </HStack>
      </Card.Header>
      <Card.Body gap="4">
        {refused ? <LockNotice text={refused} /> : isPublished && <LockNotice />}
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
          <Stack gap="2" minW="0">
            <Text fontWeight="medium" textStyle="sm">
              {a.htmlEditorLabel}
            </Text>
            <Box
              h={PANE_HEIGHT}
              borderWidth="1px"
              borderRadius="md"
              overflow="hidden"
              {...(isPublished && !refused ? blockedEditHandlers(onBlockedEdit, { multiline: true }) : {})}
            >
              <Suspense fallback={<EditorLoading />}>
                <HtmlCodeEditor
                  value={value}
                  onChange={onChange}
                  readOnly={locked}
                  label={a.htmlEditorLabel}
                  height={PANE_HEIGHT}
                  reveal={reveal}
                  insertion={insertion}
                />
              </Suspense>
            </Box>
          </Stack>
          <Stack gap="2" minW="0">
            <Text fontWeight="medium" textStyle="sm">
              {a.livePreview}
            </Text>
            {/* An empty sandbox: no scripts, no same origin, so the blog HTML cannot reach the console.
                A new frame for each text: changing srcdoc navigates the frame, which adds an entry
                to the tab's history per keystroke (Back would step through the preview's versions
                and drop the page's forward entries); a new frame's first document adds none. */}
            <chakra.iframe
              key={preview}
              sandbox=""
              srcDoc={preview}
              title={a.livePreview}
              w="full"
              h={PANE_HEIGHT}
              borderWidth="1px"
              borderRadius="md"
              bg="white"
            />
          </Stack>
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
}

function EditorLoading() {
  return (
    <HStack role="status" h="full" justify="center" gap="2" color="fg.muted">
      <Spinner size="sm" />
      <Text>{texts.article.loadingEditor}</Text>
    </HStack>
  );
}
