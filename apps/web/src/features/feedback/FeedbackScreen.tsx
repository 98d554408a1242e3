import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import { useTranslation } from '../../i18n/use-translation';

/** The spec's feedback page is a placeholder by design. */
export function FeedbackScreen() {
  const { t } = useTranslation();
  return (
    <section className="coming-soon" data-testid="page-feedback">
      <div className="coming-soon__mark" aria-hidden="true">
        <MessageOutline />
      </div>
      <h2 className="coming-soon__title">{t('feedback.title')}</h2>
      <p className="coming-soon__body">{t('feedback.body')}</p>
    </section>
  );
}
