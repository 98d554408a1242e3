import { type RefObject, useEffect, useState } from 'react';

/**
 * True from the first moment the element comes within `margin` of the viewport, and true for good
 * after that: what it loads is kept. Without IntersectionObserver everything counts as in view.
 */
export function useInView(ref: RefObject<Element | null>, margin = '120px'): boolean {
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (inView || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (records) => {
        if (records.some((r) => r.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, margin, inView]);
  return inView;
}
