import type { ImageUploadItem } from 'antd-mobile/es/components/image-uploader';
import ImageUploader from 'antd-mobile/es/components/image-uploader';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { showMessage } from '../../lib/toast';
import { uploadImage } from './api';
import { pictureUrl } from './queries';

interface PictureFieldProps {
  label: string;
  testId: string;
  /** The uploaded picture's key, or '' when there is none. */
  value: string;
  onChange(key: string): void;
}

/**
 * One picture (spec: max 1 image each). The server checks, cleans and stores it; its key is what the
 * form sends. A failed upload clears the picture: the uploader drops the item when upload throws.
 */
export function PictureField({ label, testId, value, onChange }: PictureFieldProps) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  // antd-mobile's uploader draws its thumbnail as an <img> with no alt and no prop to give one; a
  // screen reader would read the signed URL. Name every thumbnail after its field as it appears.
  useEffect(() => {
    const root = box.current;
    if (!root) return;
    const name = () => {
      for (const img of root.querySelectorAll('img')) if (img.alt !== label) img.alt = label;
    };
    name();
    const observer = new MutationObserver(name);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [label]);
  const upload = async (file: File): Promise<ImageUploadItem> => {
    try {
      const result = await uploadImage(file);
      return { key: result.key, url: pictureUrl(result.url), extra: result.key };
    } catch (error) {
      onChange('');
      // The API client has shown the server's reason; without one, say it failed.
      if (!(error instanceof Error && error.name === 'ApiError'))
        showMessage('error', t('auth.upload_failed'));
      throw error;
    }
  };
  return (
    <div ref={box} className="picture-field" data-testid={testId} data-uploaded={value ? 'yes' : 'no'}>
      <div className="picture-field__label">{label}</div>
      <ImageUploader
        maxCount={1}
        accept="image/jpeg,image/png,image/webp"
        upload={upload}
        onChange={(items) => onChange(String(items[0]?.extra ?? ''))}
      />
      <div className="picture-field__hint">{t('auth.upload_hint')}</div>
    </div>
  );
}
