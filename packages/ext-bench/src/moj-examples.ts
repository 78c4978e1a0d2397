/**
 * The Ministry of Justice design system's examples for the bench. The @ministryofjustice/frontend
 * package ships no fixtures, so the params are written here after each component's README in the
 * package (its examples and its table of arguments); the HTML is the package's own macros' output.
 * `ownForm`: the component renders its own <form> (search), so the page does not wrap it in one.
 */
export interface MojExample {
  component: string;
  macro: string;
  name: string;
  params: Record<string, unknown>;
  ownForm?: boolean;
}

export const MOJ_EXAMPLES: readonly MojExample[] = [
  {
    component: 'currency-input',
    macro: 'mojCurrencyInput',
    name: 'default',
    params: {
      id: 'amount',
      classes: 'govuk-input--width-10',
      name: 'amount',
      label: { text: 'Amount', classes: 'govuk-!-font-weight-bold' },
      hint: { text: 'Enter the amount you want to exchange' },
    },
  },
  {
    component: 'currency-input',
    macro: 'mojCurrencyInput',
    name: 'with currency specified',
    params: {
      id: 'amount',
      classes: 'govuk-input--width-10',
      name: 'amount',
      currencyLabel: { text: '¥' },
      label: { text: 'Amount', classes: 'govuk-!-font-weight-bold' },
      hint: { text: 'Enter the amount you want to exchange' },
    },
  },
  {
    component: 'date-picker',
    macro: 'mojDatePicker',
    name: 'default',
    params: {
      id: 'appointment-date',
      name: 'appointment-date',
      label: { text: 'Appointment date' },
      hint: { text: 'For example, 17/5/2024.' },
    },
  },
  {
    component: 'date-picker',
    macro: 'mojDatePicker',
    name: 'with min and max dates',
    params: {
      id: 'hearing-date',
      name: 'hearing-date',
      label: { text: 'Hearing date' },
      hint: { text: 'For example, 17/5/2024.' },
      minDate: '01/05/2024',
      maxDate: '31/05/2024',
    },
  },
  {
    component: 'search',
    macro: 'mojSearch',
    name: 'default',
    ownForm: true,
    params: {
      action: '',
      method: 'get',
      input: { id: 'search', name: 'search' },
      label: { text: 'Search' },
      hint: { text: 'You can search by name, email or reference number' },
      button: { text: 'Search' },
    },
  },
  {
    component: 'button-menu',
    macro: 'mojButtonMenu',
    name: 'default',
    params: {
      button: { text: 'Actions' },
      items: [
        { text: 'Archive', href: '#archive' },
        { text: 'Reassign', href: '#reassign' },
        { text: 'Delete', href: '#delete' },
      ],
    },
  },
  {
    component: 'alert',
    macro: 'mojAlert',
    name: 'dismissible',
    params: {
      variant: 'information',
      title: 'Information alert',
      showTitleAsHeading: true,
      dismissible: true,
      text: 'The case has been reassigned to another caseworker.',
    },
  },
];
