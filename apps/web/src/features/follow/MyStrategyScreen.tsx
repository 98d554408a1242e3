import type { MyStrategy, StrategyStatus, StrategySummary } from '@meridian/contract';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { formatFixed } from '../../lib/format';
import { Sheet } from '../../lib/sheet';
import { isDemoUser, useSession } from '../../lib/stores/session';
import { useSettings } from '../../lib/stores/settings';
import { showMessage } from '../../lib/toast';
import { formatDate, money, percent, signedPercent, toneOf } from './display';
import { strategyPath } from './links';
import { useAvatarUpload, usePublish, useStrategyUpdate } from './mutations';
import {
  Avatar,
  LoadFailed,
  Loading,
  LoginRequired,
  Note,
  RiskBadge,
  Section,
  Stat,
  StatGrid,
  StrategyTags,
  Tag,
  useUserId,
} from './parts';
import { myStrategyQuery } from './queries';
import { StrategyForm, type StrategyFormValues } from './StrategyForm';

const EMPTY: StrategyFormValues = { name: '', desc: '', fee_rate: '20', min_invest: '100' };

/** The form's values for a published strategy; money and fee without trailing zeros a trader never typed. */
function valuesOf(s: StrategySummary): StrategyFormValues {
  return { name: s.name, desc: s.desc, fee_rate: s.fee_rate, min_invest: formatFixed(s.min_invest, 2) };
}

function Publish({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const demo = useSession((s) => isDemoUser(s.user));
  const [values, setValues] = useState<StrategyFormValues>(EMPTY);
  const [picture, setPicture] = useState<File | null>(null);
  const preview = usePreview(picture);
  const publish = usePublish(userId);
  return (
    <Section title={t('follow.publish_title')} testId="publish">
      <p className="follow-sheet__text">{t('follow.publish_intro')}</p>
      {demo && <Note testId="publish-demo">{t('follow.publish_demo')}</Note>}
      <div className="follow-picture__pick">
        {preview && (
          <img
            className="follow-avatar follow-avatar--img follow-avatar--lg"
            src={preview}
            alt=""
            width={52}
            height={52}
            data-testid="picture-preview"
          />
        )}
        <PictureButtons has={picture !== null} onPick={setPicture} onRemove={() => setPicture(null)} />
      </div>
      <StrategyForm
        testId="publish-form"
        values={values}
        onChange={setValues}
        pending={publish.isPending}
        submitLabel={t('follow.publish')}
        feeless={demo}
        onSubmit={() =>
          publish.mutate(
            {
              input: {
                name: values.name.trim(),
                desc: values.desc.trim(),
                // A demo account's strategy is free whatever is sent: send what it will be.
                fee_rate: demo ? '0' : values.fee_rate.trim(),
                min_invest: values.min_invest.trim(),
              },
              picture,
            },
            {
              // A refused picture's reason stays on screen (the API client showed it).
              onSuccess: ({ pictureRefused }) => {
                if (!pictureRefused) showMessage('success', t('follow.published'));
              },
            },
          )
        }
      />
    </Section>
  );
}

function Edit({ strategy, userId }: { strategy: StrategySummary; userId: number }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<StrategyFormValues>(() => valuesOf(strategy));
  const update = useStrategyUpdate(userId);
  const original = valuesOf(strategy);
  /** Only what changed goes out: a new fee applies to new copies, so an untouched one must not be resent. */
  const changes = (Object.keys(values) as (keyof StrategyFormValues)[]).filter(
    (key) => values[key].trim() !== original[key].trim(),
  );
  return (
    <Section title={t('follow.edit_title')} testId="strategy-edit">
      {strategy.is_demo !== 1 && <Note>{t('follow.new_fee_note')}</Note>}
      <StrategyForm
        testId="edit-form"
        feeless={strategy.is_demo === 1}
        values={values}
        onChange={setValues}
        pending={update.isPending}
        submitLabel={t('common.save')}
        extraCheck={() => (changes.length === 0 ? 'follow.nothing_changed' : null)}
        onSubmit={() =>
          update.mutate(
            { id: strategy.id, ...Object.fromEntries(changes.map((key) => [key, values[key].trim()])) },
            { onSuccess: () => showMessage('success', t('follow.saved')) },
          )
        }
      />
    </Section>
  );
}

type StatusAction = {
  next: StrategyStatus;
  label: 'follow.pause' | 'follow.resume' | 'follow.close_strategy';
};

/**
 * A button to choose a picture (or another one) and one to remove it; the chosen file goes to
 * `onPick` (the server makes it square). The file picker itself stays hidden behind the button.
 */
function PictureButtons({
  has,
  onPick,
  onRemove,
  choosing = false,
  removing = false,
  canChoose = true,
}: {
  has: boolean;
  onPick(file: File): void;
  onRemove(): void;
  choosing?: boolean;
  removing?: boolean;
  /** False for a closed strategy: its picture can only be taken down. */
  canChoose?: boolean;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="follow-picture">
      {canChoose && (
        <>
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            hidden
            data-testid="picture-input"
            onChange={(e) => {
              const file = e.target.files?.[0];
              // The same file chosen again is a change too.
              e.target.value = '';
              if (file) onPick(file);
            }}
          />
          <Button
            shape="rounded"
            fill="outline"
            color="primary"
            size="small"
            data-testid="picture-choose"
            loading={choosing}
            onClick={() => input.current?.click()}
          >
            {has ? t('follow.picture_change') : t('follow.picture_add')}
          </Button>
        </>
      )}
      {has && (
        <Button
          shape="rounded"
          fill="none"
          color="danger"
          size="small"
          data-testid="picture-remove"
          loading={removing}
          onClick={onRemove}
        >
          {t('follow.picture_remove')}
        </Button>
      )}
      {canChoose && <p className="follow-picture__hint">{t('follow.picture_hint')}</p>}
    </div>
  );
}

/** The published strategy's picture: sent at once when chosen, removed at once. */
function PictureControls({ strategy, userId }: { strategy: StrategySummary; userId: number }) {
  const { t } = useTranslation();
  const upload = useAvatarUpload(userId);
  const update = useStrategyUpdate(userId);
  const busy = upload.isPending || update.isPending;
  return (
    <PictureButtons
      has={strategy.avatar !== null}
      canChoose={strategy.status !== 'closed'}
      choosing={upload.isPending}
      removing={update.isPending}
      onPick={(file) => {
        if (busy) return;
        upload.mutate(file, { onSuccess: () => showMessage('success', t('follow.picture_saved')) });
      }}
      onRemove={() => {
        if (busy) return;
        update.mutate(
          { id: strategy.id, avatar: '' },
          { onSuccess: () => showMessage('success', t('follow.picture_removed')) },
        );
      }}
    />
  );
}

/** A local picture's address for an <img>, released when the picture changes or the screen goes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/** Pause, resume, close: stopping a strategy stops every copy of it, so that is confirmed first. */
function StatusControls({ strategy, userId }: { strategy: StrategySummary; userId: number }) {
  const { t } = useTranslation();
  const update = useStrategyUpdate(userId);
  const [asking, setAsking] = useState<StatusAction | null>(null);
  if (strategy.status === 'closed') return <Note testId="strategy-closed">{t('follow.closed_note')}</Note>;

  const actions: StatusAction[] =
    strategy.status === 'active'
      ? [
          { next: 'paused', label: 'follow.pause' },
          { next: 'closed', label: 'follow.close_strategy' },
        ]
      : [
          { next: 'active', label: 'follow.resume' },
          { next: 'closed', label: 'follow.close_strategy' },
        ];

  const apply = (action: StatusAction) => {
    if (update.isPending) return;
    update.mutate(
      { id: strategy.id, status: action.next },
      {
        onSuccess: () => {
          setAsking(null);
          showMessage('success', t(`follow.status_done.${action.next}`));
        },
      },
    );
  };

  return (
    <div className="follow-buttons">
      {actions.map((action) => (
        <Button
          key={action.next}
          shape="rounded"
          fill="outline"
          color={action.next === 'closed' ? 'danger' : 'primary'}
          data-testid={`strategy-${action.next === 'active' ? 'resume' : action.next === 'paused' ? 'pause' : 'close'}`}
          loading={update.isPending && asking === null && action.next === 'active'}
          // Resuming stops nothing: no question asked.
          onClick={() => (action.next === 'active' ? apply(action) : setAsking(action))}
        >
          {t(action.label)}
        </Button>
      ))}
      <Sheet
        visible={asking !== null}
        onClose={() => setAsking(null)}
        title={asking ? t(asking.label) : ''}
        testId="status-sheet"
        bodyClassName="follow-sheet"
      >
        <div className="follow-sheet__form">
          <p className="follow-sheet__text">
            {asking?.next === 'closed'
              ? t('follow.close_confirm', { name: strategy.name })
              : t('follow.pause_confirm', { name: strategy.name })}
          </p>
          <div className="follow-sheet__buttons">
            <Button block shape="rounded" size="large" onClick={() => setAsking(null)}>
              {t('common.cancel')}
            </Button>
            <Button
              block
              shape="rounded"
              size="large"
              color="danger"
              loading={update.isPending}
              data-testid="status-confirm"
              onClick={() => {
                if (asking) apply(asking);
              }}
            >
              {asking ? t(asking.label) : null}
            </Button>
          </div>
        </div>
      </Sheet>
    </div>
  );
}

function Followers({ data }: { data: MyStrategy }) {
  const { t } = useTranslation();
  const lang = useSettings((s) => s.lang);
  return (
    <Section title={t('follow.followers_title')} testId="strategy-followers-list">
      {data.followers.length === 0 ? (
        <Note>{t('follow.no_followers')}</Note>
      ) : (
        <ul className="follow-rows">
          {data.followers.map((f) => (
            <li key={`${f.name}-${f.since}-${f.invested}`} className="follow-row">
              <span className="follow-row__head">
                <bdi className="follow-row__code">{f.name}</bdi>
                <span className="follow-row__end follow-row__weak">
                  {t('follow.since', { date: formatDate(f.since, lang) })}
                </span>
              </span>
              <span className="follow-row__facts">
                <span>
                  {t('follow.equity')} <b className="num">{money(f.equity)}</b>
                </span>
                <span>
                  {t('follow.invested')} <b className="num">{money(f.invested)}</b>
                </span>
                <span>
                  {t('follow.fees_paid')} <b className="num">{money(f.fees_paid)}</b>
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Mine({
  data,
  strategy: s,
  userId,
}: {
  data: MyStrategy;
  strategy: StrategySummary;
  userId: number;
}) {
  const { t } = useTranslation();
  return (
    <>
      <section className="follow-hero" aria-labelledby="mine-name">
        <div className="follow-hero__head">
          <Avatar id={s.id} name={s.name} src={s.avatar} size="lg" />
          <div className="follow-hero__who">
            <h2 className="follow-hero__name" id="mine-name">
              <bdi data-testid="mine-name">{s.name}</bdi>
            </h2>
            <span className="follow-tags">
              <StrategyTags isDemo={s.is_demo === 1} isSample={s.is_sample === 1} />
              <Tag kind={s.status === 'active' ? 'status' : 'stopped'}>
                <span data-testid="mine-status">{t(`follow.status.${s.status}`)}</span>
              </Tag>
            </span>
          </div>
        </div>
        <div className="follow-hero__main">
          <span className="follow-hero__label">{t('follow.roi')}</span>
          <bdi className={`follow-hero__roi num ${toneOf(s.roi)}`}>{signedPercent(s.roi)}</bdi>
          <RiskBadge score={s.risk_score} />
        </div>
        <StatGrid testId="mine-stats">
          <Stat
            label={`${t('follow.fees_earned')} (${t('common.usd')})`}
            value={money(data.fees_earned)}
            testId="mine-fees-earned"
          />
          <Stat label={t('follow.followers')} value={String(s.followers)} />
          <Stat label={`${t('follow.copiers_funds')} (${t('common.usd')})`} value={money(s.copiers_funds)} />
          <Stat
            label={t('follow.fee_rate')}
            value={s.is_demo === 1 ? t('follow.no_fee') : percent(s.fee_rate)}
            text={s.is_demo === 1}
          />
          <Stat label={`${t('follow.min_invest')} (${t('common.usd')})`} value={money(s.min_invest)} />
          <Stat label={t('documentary.win_rate')} value={percent(s.win_rate)} />
        </StatGrid>
        {(s.status !== 'closed' || s.avatar !== null) && <PictureControls strategy={s} userId={userId} />}
        <Link to={strategyPath(s.id)} className="follow-action__link" data-testid="mine-public">
          {t('follow.view_public')}
        </Link>
        <StatusControls strategy={s} userId={userId} />
      </section>
      <Followers data={data} />
      {s.status !== 'closed' && (
        // Saved values come back from the server: the form starts again from them.
        <Edit
          key={`${s.id}:${s.name}:${s.desc}:${s.fee_rate}:${s.min_invest}`}
          strategy={s}
          userId={userId}
        />
      )}
    </>
  );
}

function MyStrategyView() {
  const { t } = useTranslation();
  const userId = useUserId();
  const query = useQuery(myStrategyQuery(userId));
  const data = query.data;
  if (!data) {
    return query.isError ? (
      <LoadFailed title={t('follow.mine_failed')} onRetry={() => void query.refetch()} />
    ) : (
      <Loading testId="mine-loading" />
    );
  }
  return data.strategy === null ? (
    <Publish userId={userId} />
  ) : (
    <Mine data={data} strategy={data.strategy} userId={userId} />
  );
}

/** /follow/mine: publish a strategy, or run the one published (figures, followers, edit, pause, close). */
export function MyStrategyScreen() {
  return (
    <div className="follow-page follow-page--sub" data-testid="page-my-strategy">
      <LoginRequired>
        <MyStrategyView />
      </LoginRequired>
    </div>
  );
}
