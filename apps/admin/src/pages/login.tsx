import { ERRORS, routes, type StaffLoginAnswer, type StaffMe } from '@meridian/contract';
import { Alert, Button, Card, Form, Input, QRCode, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../api';
import { fmt, t } from '../i18n';
import { showError } from '../lib/notify';
import { useCallMutation } from '../lib/queries';
import { lastSessionEnd, type SessionEnd, startSession, useSession } from '../session';

type Stage =
  | { kind: 'password' }
  | { kind: 'code'; email: string; password: string }
  | { kind: 'setup'; setupToken: string; secret: string; otpauthUrl: string };

const SIX_DIGITS = /^\d{6}$/;
const STAFF_SETUP_EXPIRED = ERRORS.staff_setup_expired.code;

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to type into an authenticator app. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}

function endText(end: SessionEnd | null): string | null {
  if (!end) return null;
  if (end.kind === 'idle') return fmt(t.app.idleSignedOut, { minutes: end.minutes });
  if (end.kind === 'expired') return end.message || t.app.sessionEnded;
  return null;
}

function CodeField({ autoFocus = false }: { autoFocus?: boolean }) {
  return (
    <Form.Item
      name="code"
      label={t.login.code}
      extra={t.login.codeHelp}
      rules={[{ required: true, pattern: SIX_DIGITS, message: t.validation.code }]}
    >
      <Input
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        className="mono"
        autoFocus={autoFocus}
      />
    </Form.Item>
  );
}

export function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? '/dashboard';
  const target = from.startsWith('/login') ? '/dashboard' : from;
  const [stage, setStage] = useState<Stage>({ kind: 'password' });
  const [notice] = useState(() => endText(lastSessionEnd()));

  useEffect(() => {
    document.title = fmt(t.app.pageTitle, { page: t.login.title });
  }, []);

  const open = (token: string | undefined, staff: StaffMe | undefined) => {
    if (!token || !staff) {
      showError(new Error(t.errors.noToken));
      setStage({ kind: 'password' });
      return;
    }
    startSession(token, staff);
    void navigate(target, { replace: true });
  };

  const login = useCallMutation(routes.staffLogin, {
    onSuccess: (answer: StaffLoginAnswer, sent) => {
      if (answer.stage === 'ok') open(answer.token, answer.staff);
      else if (answer.stage === 'code')
        setStage({ kind: 'code', email: sent.email, password: sent.password });
      else if (answer.token && answer.setup)
        setStage({
          kind: 'setup',
          setupToken: answer.token,
          secret: answer.setup.secret,
          otpauthUrl: answer.setup.otpauth_url,
        });
      else showError(new Error(t.errors.noToken));
    },
  });
  const setup = useCallMutation(routes.staffSetup, {
    onSuccess: (answer) => open(answer.token, answer.staff),
  });
  // A setup token lasts 10 minutes: once it has expired, start again from the password.
  useEffect(() => {
    if (setup.error instanceof ApiError && setup.error.code === STAFF_SETUP_EXPIRED)
      setStage({ kind: 'password' });
  }, [setup.error]);

  if (session && !login.isPending && !setup.isPending) return <Navigate to={target} replace />;

  const startOver = (
    <Button
      type="link"
      onClick={() => setStage({ kind: 'password' })}
      disabled={login.isPending || setup.isPending}
    >
      {t.login.startOver}
    </Button>
  );

  return (
    <main className="login-page" id="main">
      <Card className={`login-card${stage.kind === 'setup' ? ' wide' : ''}`}>
        <Typography.Text type="secondary">{t.login.subtitle}</Typography.Text>
        <Typography.Title level={1} className="page-title" style={{ marginTop: 4, marginBottom: 24 }}>
          {stage.kind === 'setup' ? t.login.setupTitle : t.login.title}
        </Typography.Title>
        {notice && stage.kind === 'password' ? (
          <Alert type="info" showIcon title={notice} style={{ marginBottom: 16 }} role="status" />
        ) : null}

        {stage.kind === 'password' ? (
          <Form
            layout="vertical"
            requiredMark={false}
            onFinish={(values: { email: string; password: string }) => login.submit(values)}
          >
            <Form.Item
              name="email"
              label={t.login.email}
              rules={[{ required: true, type: 'email', message: t.validation.email }]}
            >
              <Input type="email" autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item
              name="password"
              label={t.login.password}
              rules={[{ required: true, message: t.validation.required }]}
            >
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={login.isPending}>
              {t.login.submit}
            </Button>
          </Form>
        ) : null}

        {stage.kind === 'code' ? (
          <Form
            layout="vertical"
            requiredMark={false}
            onFinish={(values: { code: string }) =>
              login.submit({ email: stage.email, password: stage.password, code: values.code.trim() })
            }
          >
            <Typography.Paragraph>{stage.email}</Typography.Paragraph>
            <CodeField autoFocus />
            <Button type="primary" htmlType="submit" block loading={login.isPending}>
              {t.login.submit}
            </Button>
            {startOver}
          </Form>
        ) : null}

        {stage.kind === 'setup' ? (
          <Form
            layout="vertical"
            requiredMark={false}
            onFinish={(values: { password: string; code: string }) =>
              setup.submit({
                setup_token: stage.setupToken,
                password: values.password,
                code: values.code.trim(),
              })
            }
          >
            <Typography.Paragraph>{t.login.setupIntro}</Typography.Paragraph>
            <Typography.Paragraph strong>{t.login.setupStep1}</Typography.Paragraph>
            <Space align="start" size="large" wrap style={{ marginBottom: 16 }}>
              <div role="img" aria-label={t.login.qrLabel}>
                <QRCode value={stage.otpauthUrl} size={160} bordered={false} />
              </div>
              <div>
                <Typography.Text type="secondary">{t.login.secret}</Typography.Text>
                <Typography.Paragraph
                  className="mono secret"
                  copyable={{ text: stage.secret, tooltips: [t.common.copy, t.common.copied] }}
                  data-testid="totp-secret"
                >
                  {groupSecret(stage.secret)}
                </Typography.Paragraph>
                <Typography.Text type="secondary">{t.login.otpauthUrl}</Typography.Text>
                <Typography.Paragraph
                  className="mono"
                  copyable={{ text: stage.otpauthUrl, tooltips: [t.common.copy, t.common.copied] }}
                  style={{ wordBreak: 'break-all', fontSize: 12, maxWidth: 300 }}
                >
                  {stage.otpauthUrl}
                </Typography.Paragraph>
              </div>
            </Space>
            <Typography.Paragraph strong>{t.login.setupStep2}</Typography.Paragraph>
            <Form.Item
              name="password"
              label={t.login.newPassword}
              rules={[{ required: true, message: t.validation.required }]}
            >
              <Input.Password autoComplete="new-password" autoFocus />
            </Form.Item>
            <Form.Item
              name="repeat"
              label={t.login.repeatPassword}
              dependencies={['password']}
              rules={[
                { required: true, message: t.validation.required },
                ({ getFieldValue }) => ({
                  validator: (_rule, value) =>
                    !value || getFieldValue('password') === value
                      ? Promise.resolve()
                      : Promise.reject(new Error(t.validation.passwordsDiffer)),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <CodeField />
            <Button type="primary" htmlType="submit" block loading={setup.isPending}>
              {t.login.submit}
            </Button>
            {startOver}
          </Form>
        ) : null}
      </Card>
    </main>
  );
}
