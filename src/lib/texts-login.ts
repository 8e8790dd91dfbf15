/** The sign-in screen's texts: `texts.login` (see ./texts), in a module of their own for the first screen. */
export const loginTexts = {
  title: 'Login',
  subtitle: 'Enter your email below to login to your account',
  email: 'Email',
  password: 'Password',
  forgot: 'Forgot your password?',
  submit: 'Login',
  submitting: 'Logging in...',
  google: 'Login with Google',
  noAccount: "Don't have an account?",
  signUp: 'Sign up',
  emailPlaceholder: 'm@example.com',
} as const;
