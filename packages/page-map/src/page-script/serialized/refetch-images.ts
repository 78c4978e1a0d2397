/**
 * The in-page half of lifting light loading (../../light-load.ts) for a screenshot: the document's
 * `<img>` elements whose image was not fetched ask for it again, and the call resolves when each
 * has loaded or failed, or after `waitMs`. CSS backgrounds and web fonts of this document are not
 * asked for again (only the next document gets them). Self-contained: handed to `evaluate` as is.
 */
export function refetchImages(waitMs: number): Promise<number> {
  const missing = Array.from(document.images).filter((img) => img.currentSrc || img.src);
  const pending = missing.filter((img) => !img.complete || img.naturalWidth === 0);
  const loads = pending.map(
    (img) =>
      new Promise<void>((resolve) => {
        img.addEventListener('load', () => resolve(), { once: true });
        img.addEventListener('error', () => resolve(), { once: true });
        // Setting the same URL again starts a new fetch for an image whose fetch failed.
        const src = img.getAttribute('src');
        const srcset = img.getAttribute('srcset');
        if (srcset !== null) img.setAttribute('srcset', srcset);
        if (src !== null) img.setAttribute('src', src);
      }),
  );
  const bound = new Promise<void>((resolve) => setTimeout(resolve, waitMs));
  return Promise.race([Promise.all(loads).then(() => undefined), bound]).then(() => pending.length);
}
