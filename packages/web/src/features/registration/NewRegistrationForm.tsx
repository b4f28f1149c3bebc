import { useState } from 'react';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { MyRegistration, RegFormView } from '@rada/core';
import { api } from '../../api/client.ts';
import { useSubmitOnce } from '../../hooks/useSubmitOnce.ts';
import { RegClassField } from './RegClassField.tsx';
import { RegFormFields } from './RegFormFields.tsx';
import { missingRequired } from './regForm.ts';
import { useRefreshRegistrations, useRegFormState } from './useRegForm.ts';

/** The registration form of a signed-in user: the configured fields, checked, sent once. */
export function NewRegistrationForm({
  view,
  onDone,
}: {
  view: RegFormView;
  onDone: (mine: MyRegistration) => void;
}) {
  const { t } = useTranslation();
  const form = useRegFormState(view.fields);
  const refresh = useRefreshRegistrations(view.eventId);
  const [tried, setTried] = useState(false);
  const [klass, setKlass] = useState('');
  const classMissing = view.classRequired && view.classes.length > 0 && klass === '';
  const missing = tried ? missingRequired(view.fields, form.draft) : [];
  const errors = {
    ...Object.fromEntries(missing.map((id) => [id, 'reg.error.required'])),
    ...form.errors,
  };

  // One registration per submit, however fast the button is pressed (a second would be a
  // second team), until the answer and the refreshed list are in.
  const once = useSubmitOnce();
  const handleSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (missingRequired(view.fields, form.draft).length > 0 || classMissing) return;
    void once.run(async () => {
      const sent = await form.submit((values) =>
        api.register(view.eventId, { values, klassid: klass === '' ? null : klass }),
      );
      if (sent) {
        await refresh();
        onDone(sent.answer);
      }
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }}>
      <Box component="form" noValidate onSubmit={handleSubmit} data-testid="reg-form">
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('reg.formtitle')}
        </Typography>
        <RegClassField
          view={view}
          value={klass}
          onChange={setKlass}
          error={tried && classMissing}
          disabled={form.busy}
        />
        <RegFormFields
          fields={view.fields}
          draft={form.draft}
          onChange={form.change}
          errors={errors}
          markRequired
          disabled={form.busy}
        />
        {form.error && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="reg-error">
            {form.error}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          sx={{ mt: 2 }}
          disabled={form.busy || once.pending}
          fullWidth
          data-testid="reg-submit"
        >
          {t('reg.submit')}
        </Button>
      </Box>
    </Paper>
  );
}
