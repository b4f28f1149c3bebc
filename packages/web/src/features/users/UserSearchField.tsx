import { useState } from 'react';
import { Autocomplete, Box, CircularProgress, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { USER_SEARCH_DELAY_MS, shownEmail } from '@rada/core';
import type { UserRecord } from '@rada/core';
import { api, queryKeys } from '../../api/client.ts';
import { useDebouncedValue } from '../../hooks/useDebouncedValue.ts';
import { errorText } from '../../i18n/errorText.ts';
import { useMe } from '../auth/useMe.ts';

interface UserSearchFieldProps {
  label: string;
  value: UserRecord | null;
  onChange: (user: UserRecord | null) => void;
  /** Users not to offer (already admins, already creators). */
  excludeUids?: ReadonlySet<string>;
  /** data-testid of the text input; options get `user-option-{uid}`. */
  testId: string;
  disabled?: boolean;
  /** The event whose admin picker this is (its admins may search even without a creator record). */
  eventId?: string;
}

/**
 * A user picker searching the directory (GET /api/users?s=) one second after typing stops
 * (spec 01 §7, USER_SEARCH_DELAY_MS). Outside super admins the directory answers only the people
 * of the caller's events and exact email addresses, and the picker's texts tell so.
 */
export function UserSearchField({
  label,
  value,
  onChange,
  excludeUids,
  testId,
  disabled,
  eventId,
}: UserSearchFieldProps) {
  const { t } = useTranslation();
  const me = useMe();
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), USER_SEARCH_DELAY_MS);
  const query = useQuery({
    queryKey: [...queryKeys.users(search), eventId ?? ''],
    queryFn: () => api.searchUsers(search, eventId),
    enabled: search.length > 0,
    staleTime: 30_000,
  });
  const waiting = input.trim() !== search || query.isFetching;
  const options = (search.length > 0 ? (query.data ?? []) : []).filter(
    (u) => !excludeUids?.has(u.uid),
  );
  // Outside super admins the server finds the people of one's own events by name, and anyone
  // else only by the whole email address; the texts say so.
  const limited = me.data?.superAdmin !== true;
  const noOptionsText =
    input.trim().length === 0
      ? t(limited ? 'users.limited.typemore' : 'users.typemore')
      : waiting
        ? t('users.searching')
        : query.isError
          ? errorText(t, query.error)
          : t(limited ? 'users.limited.none' : 'users.none');

  return (
    <Autocomplete<UserRecord>
      sx={{ flex: 1, minWidth: 240 }}
      value={value}
      onChange={(_e, user) => onChange(user)}
      inputValue={input}
      onInputChange={(_e, text) => setInput(text)}
      options={options}
      filterOptions={(x) => x}
      getOptionLabel={(u) =>
        shownEmail(u.email) ? `${u.displayName} <${u.email}>` : u.displayName
      }
      isOptionEqualToValue={(a, b) => a.uid === b.uid}
      loading={waiting && input.trim().length > 0}
      noOptionsText={noOptionsText}
      loadingText={t('users.searching')}
      disabled={disabled}
      renderOption={(props, u) => {
        const { key, ...rest } = props;
        return (
          <Box component="li" key={key} {...rest} data-testid={`user-option-${u.uid}`}>
            <Box>
              <Typography>{u.displayName}</Typography>
              <Typography variant="body2" color="text.secondary">
                {shownEmail(u.email)}
              </Typography>
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={t(limited ? 'users.limited.search' : 'users.search')}
          helperText={limited ? t('users.limited.help') : undefined}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {waiting && input.trim().length > 0 ? <CircularProgress size={16} /> : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
          }}
        />
      )}
    />
  );
}
