import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import '../../i18n/index.ts';
import { setLanguage } from '../../i18n/index.ts';
import { RegFormEditor } from './RegFormEditor.tsx';
import { RegFormFields } from './RegFormFields.tsx';
import { regFields } from '@rada/core';

describe('RegFormEditor', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });
  afterEach(cleanup);

  const renderEditor = (value: string) => {
    const onChange = vi.fn<(draft: string, immediate: boolean) => void>();
    render(
      <RegFormEditor
        label="Registration form"
        testId="setting-regconfig"
        error={null}
        value={value}
        onChange={onChange}
        onBlur={() => undefined}
      />,
    );
    return onChange;
  };
  const lastConfig = (onChange: ReturnType<typeof renderEditor>) =>
    JSON.parse(onChange.mock.calls.at(-1)?.[0] ?? '{}') as { fields: Record<string, unknown> };

  it('adds a custom field f1 and saves at once', () => {
    const onChange = renderEditor('');
    fireEvent.click(screen.getByTestId('regform-add'));
    expect(onChange.mock.calls.at(-1)?.[1]).toBe(true);
    expect(lastConfig(onChange).fields.f1).toMatchObject({ label: 'New field', muitype: 'text' });
  });

  it('keeps the team name fixed, shows the car by clearing its deleted flag', () => {
    const onChange = renderEditor('');
    expect((screen.getByTestId('regform-teamname-required') as HTMLInputElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByTestId('regform-car-shown'));
    expect(lastConfig(onChange).fields.car).toEqual({ deleted: false });
  });

  it('marks a deleted field, lists it greyed and restores it', () => {
    const value = JSON.stringify({
      fields: { f1: { label: 'Club' }, f2: { label: 'Old', deleted: true } },
    });
    const onChange = renderEditor(value);
    expect(screen.getByTestId('regform-deleted').textContent).toContain('Old (f2)');
    fireEvent.click(screen.getByTestId('regform-f1-delete'));
    expect(lastConfig(onChange).fields.f1).toEqual({ label: 'Club', deleted: true });
    fireEvent.click(screen.getByTestId('regform-restore-f2'));
    expect(lastConfig(onChange).fields.f2).toEqual({ label: 'Old', deleted: false });
  });

  it('edits a label with a delayed save and offers choices for a choice field only', () => {
    const onChange = renderEditor(
      JSON.stringify({
        fields: { f1: { label: 'Club' }, f2: { label: 'Course', muitype: 'single' } },
      }),
    );
    fireEvent.change(screen.getByTestId('regform-f1-label'), { target: { value: 'Team club' } });
    expect(onChange.mock.calls.at(-1)?.[1]).toBe(false);
    expect(lastConfig(onChange).fields.f1).toEqual({ label: 'Team club' });
    expect(screen.queryByTestId('regform-f1-choices')).toBeNull();
    expect(screen.getByTestId('regform-f2-choices')).toBeTruthy();
    expect(screen.getByTestId('regform-preview').textContent).toBe(
      'Team name *EmailPhoneClubCourse',
    );
  });
});

describe('RegFormFields', () => {
  afterEach(cleanup);

  it("shows the server's problem under its field, translated", async () => {
    await setLanguage('et');
    const fields = regFields({ fields: { f1: { label: 'Klubi', hint: 'Kirjuta klubi' } } }).filter(
      (f) => !f.deleted,
    );
    render(
      <RegFormFields
        fields={fields}
        draft={{}}
        onChange={() => undefined}
        errors={{ f1: 'reg.error.toolong', teamname: 'reg.error.required' }}
        markRequired
      />,
    );
    expect(screen.getByTestId('reg-field-f1').textContent).toContain('See vastus on liiga pikk');
    expect(screen.getByTestId('reg-field-teamname').textContent).toContain('Täida see väli');
    expect(screen.getByTestId('reg-field-email').textContent).toContain('E-post');
    await setLanguage('en');
  });
});
