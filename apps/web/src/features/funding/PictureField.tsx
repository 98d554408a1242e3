import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
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
    <div className="picture-field" data-testid={testId} data-uploaded={value ? 'yes' : 'no'}>
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
