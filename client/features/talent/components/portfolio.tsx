import { ExternalLink } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { PORTFOLIO_IMAGES_MAX, type TPortfolioItem } from '../../../../shared/talent/talent.schemas';
import type { TUpload } from '../../../../shared/uploads/uploads.schemas';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { ApiError } from '../../../lib/api-client';
import { failureToast } from '../../../lib/failure-toast';
import { toast } from '../../../lib/toast';
import { UploadField } from '../../uploads';
import { usePortfolio } from '../api/portfolio-mutations';
import { PortfolioGallery } from './portfolio-gallery';

/** The portfolio on a talent's page: each piece of work with its images and link; the owner adds and removes. */
export function Portfolio({ talentId, items, own }: { talentId: string; items: TPortfolioItem[]; own: boolean }) {
  const { remove } = usePortfolio(talentId);
  if (items.length === 0 && !own) return null;
  return (
    <section aria-labelledby="portfolio-title" className="space-y-3">
      <h2 id="portfolio-title" className="text-lg font-semibold text-zinc-900 dark:text-white">
        Portfolio
      </h2>
      {items.length === 0 ? <p className="text-zinc-600 dark:text-zinc-400">Show clients your best work: add a first piece below.</p> : null}
      <ul className="grid gap-4 sm:grid-cols-2">
        {items.map((item) => (
          <li key={item.id}>
            <Card className="space-y-2 p-4" data-testid="portfolio-item">
              {item.images.length > 0 ? <PortfolioImages item={item} /> : null}
              <h3 className="font-semibold break-words text-zinc-900 dark:text-white">{item.title}</h3>
              {item.description ? <p className="text-sm whitespace-pre-line text-zinc-700 dark:text-zinc-300">{item.description}</p> : null}
              {item.link ? (
                <a href={item.link} target="_blank" rel="noopener noreferrer nofollow ugc" className="inline-flex items-center gap-1 text-sm text-indigo-700 hover:underline dark:text-indigo-300">
                  <ExternalLink aria-hidden="true" className="size-4" /> See the work
                </a>
              ) : null}
              {own ? (
                <Button variant="ghost-destructive" size="sm" loading={remove.isPending} onClick={() => remove.mutate(item.id, { onError: (err) => toast(failureToast('Could not remove it', err)) })}>
                  Remove
                </Button>
              ) : null}
            </Card>
          </li>
        ))}
      </ul>
      {own ? <PortfolioForm talentId={talentId} /> : null}
    </section>
  );
}

/** An item's thumbnails in a row; each opens the full-screen gallery at that image. */
function PortfolioImages({ item }: { item: TPortfolioItem }) {
  const [shown, setShown] = useState<number | null>(null);
  const count = item.images.length;
  return (
    <>
      <ul className="flex snap-x snap-mandatory gap-2 overflow-x-auto" aria-label={`Images of ${item.title}`}>
        {item.images.map((img, i) => (
          <li key={img.id} className="shrink-0 snap-start">
            <button
              type="button"
              onClick={() => setShown(i)}
              aria-label={`Open image ${i + 1} of ${count} of ${item.title} full screen`}
              className="block rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:focus-visible:outline-indigo-400"
            >
              <img src={img.url} srcSet={img.srcset ?? undefined} sizes="(min-width: 640px) 320px, 90vw" alt="" className="h-40 w-auto cursor-zoom-in rounded-md object-cover" loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
      <PortfolioGallery item={item} index={shown} onIndexChange={setShown} />
    </>
  );
}

function PortfolioForm({ talentId }: { talentId: string }) {
  const { add } = usePortfolio(talentId);
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [link, setLink] = useState('');
  const [images, setImages] = useState<TUpload[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  function submit(e: FormEvent) {
    e.preventDefault();
    add.mutate(
      { title, description, link: link.trim() || null, imageUploadIds: images.map((i) => i.id) },
      {
        onSuccess: () => {
          toast({ title: 'Added to your portfolio' });
          setTitle('');
          setDescription('');
          setLink('');
          setImages([]);
          setErrors({});
        },
        onError: (err) => {
          const fields = err instanceof ApiError ? err.body?.fields : undefined;
          if (fields) setErrors(fields);
          else toast(failureToast('Could not add it', err));
        },
      },
    );
  }
  return (
    <Card className="p-4">
      <form noValidate onSubmit={submit} aria-label="Add to portfolio" className="space-y-4">
        <h3 className="font-semibold text-zinc-900 dark:text-white">Add to portfolio</h3>
        <FormField id="portfolio-title-input" label="Title" error={errors.title}>
          {(c) => <Input {...c} name="title" value={title} onChange={(e) => setTitle(e.target.value)} />}
        </FormField>
        <FormField id="portfolio-description" label="Description" error={errors.description}>
          {(c) => <Textarea {...c} name="description" value={description} onChange={(e) => setDescription(e.target.value)} rows={3} />}
        </FormField>
        <FormField id="portfolio-link" label="Link (optional)" error={errors.link}>
          {(c) => <Input {...c} name="link" type="url" value={link} onChange={(e) => setLink(e.target.value)} placeholder="https://" />}
        </FormField>
        <UploadField
          id="portfolio-images"
          kind="image"
          label={`Images (${images.length} of ${PORTFOLIO_IMAGES_MAX})`}
          disabled={images.length >= PORTFOLIO_IMAGES_MAX}
          onUploaded={(upload) => setImages((now) => [...now, upload].slice(0, PORTFOLIO_IMAGES_MAX))}
        >
          {images.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label="Chosen images">
              {images.map((img) => (
                <li key={img.id} className="flex items-center gap-1 text-sm">
                  <img src={img.url} alt="" className="size-12 rounded object-cover" />
                  <Button type="button" variant="ghost" size="sm" onClick={() => setImages((now) => now.filter((i) => i.id !== img.id))} aria-label={`Remove ${img.name}`}>
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </UploadField>
        {errors.imageUploadIds ? <p className="text-sm text-red-700 dark:text-red-400">{errors.imageUploadIds}</p> : null}
        <Button type="submit" loading={add.isPending}>
          Add to portfolio
        </Button>
      </form>
    </Card>
  );
}
