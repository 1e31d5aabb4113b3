import { ExternalLink } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  PORTFOLIO_IMAGES_MAX,
  ZPortfolioInput,
  type TPortfolioInput,
  type TPortfolioItem,
} from '#shared/talent/talent.schemas';
import { ZUpload, type TUpload } from '#shared/uploads/uploads.schemas';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Textarea } from '#client/components/ui/textarea';
import { ApiError } from '#client/lib/api-client';
import { imageSources, useDataSaver } from '#client/lib/data-saver';
import { failureToast } from '#client/lib/failure-toast';
import { applyFieldErrors } from '#client/lib/form-errors';
import { toast } from '#client/lib/toast';
import { UploadField } from '#client/features/uploads';
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
      {items.length === 0 ? (
        <p className="text-zinc-600 dark:text-zinc-400">Show clients your best work: add a first piece below.</p>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2">
        {items.map((item) => (
          <li key={item.id}>
            <Card className="space-y-2 p-4" data-testid="portfolio-item">
              {item.images.length > 0 ? <PortfolioImages item={item} /> : null}
              <h3 className="font-semibold break-words text-zinc-900 dark:text-white">{item.title}</h3>
              {item.description ? (
                <p className="text-sm whitespace-pre-line text-zinc-700 dark:text-zinc-300">{item.description}</p>
              ) : null}
              {item.link ? (
                <a
                  href={item.link}
                  target="_blank"
                  rel="noopener noreferrer nofollow ugc"
                  className="inline-flex items-center gap-1 text-sm text-indigo-700 hover:underline dark:text-indigo-300"
                >
                  <ExternalLink aria-hidden="true" className="size-4" /> See the work
                </a>
              ) : null}
              {own ? (
                <Button
                  variant="ghost-destructive"
                  size="sm"
                  loading={remove.isPending}
                  onClick={() =>
                    remove.mutate(item.id, { onError: (err) => toast(failureToast('Could not remove it', err)) })
                  }
                >
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
  const dataSaver = useDataSaver();
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
              <img
                {...imageSources(dataSaver, img.url, img.srcset, '(min-width: 640px) 320px, 90vw')}
                alt=""
                className="h-40 w-auto cursor-zoom-in rounded-md object-cover"
                loading="lazy"
              />
            </button>
          </li>
        ))}
      </ul>
      <PortfolioGallery item={item} index={shown} onIndexChange={setShown} />
    </>
  );
}

/** The inputs as typed, turned into the API's body and checked by its schema: the server's messages. */
const ZPortfolioForm = z
  .object({
    title: z.string(),
    description: z.string(),
    link: z.string(),
    images: z.array(ZUpload).max(PORTFOLIO_IMAGES_MAX),
  })
  .transform((v): TPortfolioInput => ({
    title: v.title,
    description: v.description,
    link: v.link.trim() || null,
    imageUploadIds: v.images.map((i) => i.id),
  }))
  .pipe(ZPortfolioInput);
const EMPTY = { title: '', description: '', link: '', images: [] };

function PortfolioForm({ talentId }: { talentId: string }) {
  const { add } = usePortfolio(talentId);
  const { control, register, handleSubmit, setError, reset, formState } = useForm({
    resolver: zodResolver(ZPortfolioForm),
    defaultValues: EMPTY,
  });
  const { errors } = formState;
  const onSubmit = handleSubmit((input) =>
    add.mutate(input, {
      onSuccess: () => {
        toast({ title: 'Added to your portfolio' });
        reset(EMPTY);
      },
      onError: (err) => {
        const images = err instanceof ApiError ? err.body?.fields?.imageUploadIds : undefined;
        if (images) setError('images', { type: 'server', message: images });
        if (!applyFieldErrors(err, setError, ['title', 'description', 'link']) && !images)
          toast(failureToast('Could not add it', err));
      },
    }),
  );
  return (
    <Card className="p-4">
      <form noValidate onSubmit={onSubmit} aria-label="Add to portfolio" className="space-y-4">
        <h3 className="font-semibold text-zinc-900 dark:text-white">Add to portfolio</h3>
        <FormField id="portfolio-title-input" label="Title" error={errors.title?.message}>
          {(c) => <Input {...c} {...register('title')} />}
        </FormField>
        <FormField id="portfolio-description" label="Description" error={errors.description?.message}>
          {(c) => <Textarea {...c} {...register('description')} rows={3} />}
        </FormField>
        <FormField id="portfolio-link" label="Link (optional)" error={errors.link?.message}>
          {(c) => <Input {...c} {...register('link')} type="url" placeholder="https://" />}
        </FormField>
        <Controller
          control={control}
          name="images"
          render={({ field }) => (
            <PortfolioImagesField images={field.value} onChange={field.onChange} error={errors.images?.message} />
          )}
        />
        <Button type="submit" loading={add.isPending}>
          Add to portfolio
        </Button>
      </form>
    </Card>
  );
}

/** Up to PORTFOLIO_IMAGES_MAX images, each uploaded at once, removable before adding. */
function PortfolioImagesField({
  images,
  onChange,
  error,
}: {
  images: TUpload[];
  onChange: (images: TUpload[]) => void;
  error?: string;
}) {
  return (
    <>
      <UploadField
        id="portfolio-images"
        kind="image"
        label={`Images (${images.length} of ${PORTFOLIO_IMAGES_MAX})`}
        disabled={images.length >= PORTFOLIO_IMAGES_MAX}
        onUploaded={(upload) => onChange([...images, upload].slice(0, PORTFOLIO_IMAGES_MAX))}
      >
        {images.length > 0 ? (
          <ul className="flex flex-wrap gap-2" aria-label="Chosen images">
            {images.map((img) => (
              <li key={img.id} className="flex items-center gap-1 text-sm">
                <img src={img.url} alt="" className="size-12 rounded object-cover" />
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => onChange(images.filter((i) => i.id !== img.id))}
                  aria-label={`Remove ${img.name}`}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
      </UploadField>
      {error ? <p className="text-sm text-red-700 dark:text-red-400">{error}</p> : null}
    </>
  );
}
