import { REVIEW_DONE, REVIEW_WAITING } from '@meridian/contract';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import ResultPage from 'antd-mobile/es/components/result-page';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { TextField } from '../../lib/form-kit';
import { showMessage } from '../../lib/toast';
import { PictureField } from '../funding/PictureField';
import { Card } from '../funding/parts';
import { centerQuery, useSubmitRealName } from './queries';

function RealNameFormCard({ rejectReason }: { rejectReason: string }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [cardId, setCardId] = useState('');
  const [front, setFront] = useState('');
  const [back, setBack] = useState('');
  const send = useSubmitRealName();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    if (!name.trim()) return showMessage('error', t('messages.enter_name'));
    if (!cardId.trim()) return showMessage('error', t('messages.enter_id_number'));
    if (!front || !back) return showMessage('error', t('funding.pictures_required'));
    send.mutate(
      { name: name.trim(), card_id: cardId.trim(), front_pic: front, reverse_pic: back },
      // The API client has shown the server's refusal.
      { onError: () => undefined },
    );
  };

  return (
    <form className="funding-page" data-testid="page-auth" onSubmit={submit} noValidate>
      {rejectReason ? (
        <div className="funding-notice" data-testid="auth-rejected">
          {t('auth.rejected', { reason: rejectReason })}
        </div>
      ) : null}
      <Card>
        <TextField
          label={t('auth.name')}
          testId="auth-name"
          value={name}
          onChange={setName}
          maxLength={100}
          autoComplete="name"
        />
        <TextField
          label={t('auth.id_number')}
          testId="auth-id"
          value={cardId}
          onChange={setCardId}
          maxLength={40}
          ltr
        />
        <PictureField label={t('auth.id_front')} testId="auth-front" value={front} onChange={setFront} />
        <PictureField label={t('auth.id_back')} testId="auth-back" value={back} onChange={setBack} />
        <Button
          block
          type="submit"
          color="primary"
          shape="rounded"
          size="large"
          loading={send.isPending}
          data-testid="auth-submit"
        >
          {t('common.submit')}
        </Button>
      </Card>
    </form>
  );
}

/** /mine/auth (spec section 4): 0 shows the form, 1 a waiting message, anything else a finished one. */
export function AuthScreen() {
  const { t } = useTranslation();
  const center = useQuery(centerQuery());
  if (!center.data) {
    return (
      <div className="funding-page" data-testid="auth-loading">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  }
  const { review_status: status } = center.data;
  if (status === REVIEW_WAITING || status === REVIEW_DONE) {
    const done = status === REVIEW_DONE;
    return (
      <div data-testid={done ? 'auth-done' : 'auth-waiting'}>
        <ResultPage
          status={done ? 'success' : 'waiting'}
          title={t(done ? 'auth.certified' : 'auth.waiting')}
          description={`${center.data.name} ${center.data.card_id}`}
        />
      </div>
    );
  }
  return <RealNameFormCard rejectReason={center.data.reject_reason} />;
}
