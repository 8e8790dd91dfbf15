import { useState } from 'react';
import { useUpdateArticle } from '../api/articleWrites';
import { useFiles } from '../api/files';
import { withVersion } from '../components/files/fileUrls';
import { SeoCard } from '../components/article-detail/SeoCard';
import type { Article } from '../contract';
import { texts } from '../lib/texts';

/** How many of the library's images (the newest) the social image is chosen among. */
const OFFERED_IMAGES = 200;

/** The open card: the library's newest images to choose the social image among, and the save (PATCH `{ seo }`). */
function OpenSeoCard({ article, refused }: { article: Article; refused: string | null }) {
  const files = useFiles({ type: 'image', search: '', limit: OFFERED_IMAGES });
  const update = useUpdateArticle(article.id);
  const images = files.isPending
    ? undefined
    : files.isError
      ? null
      : files.data.files.map((file) => ({ id: file.id, name: file.name, src: withVersion(file.thumbnailUrl ?? file.url, file.lastModified), alt: file.alt }));
  return (
    <SeoCard
      article={article}
      images={images}
      moreImages={!!files.data && files.data.total > files.data.files.length}
      onSave={(seo) => update.mutateAsync({ seo })}
      refused={refused}
      focusFirst
    />
  );
}

/**
 * The article page's SEO and social card, closed until asked for (it says which fields are
 * set): opening it reads the library's images. Its fields are read-only when the other edits
 * are (`editRefused`: the role, another page's lease), and on a published article.
 */
export function ArticleSeoSection({ article, editRefused }: { article: Article; editRefused: string | null }) {
  const [open, setOpen] = useState(false);
  const refused = editRefused ?? (article.status === 'published' ? texts.article.publishedLocked : null);
  return open ? (
    <OpenSeoCard article={article} refused={refused} />
  ) : (
    <SeoCard article={article} images={undefined} onSave={() => Promise.resolve()} open={false} onOpen={() => setOpen(true)} />
  );
}
