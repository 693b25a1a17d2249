import { MessageKey } from './messages-en';

/** The sign-in pages in Swedish; every key of the English catalogue (the type checks it). */
export const SV: Record<MessageKey, string> = {
  'service.name': 'Inloggning',
  'footer.signIn': 'Din inloggning hos {{vendor}} sköts av den här säkra tjänsten.',
  'back.site': 'Tillbaka till webbplatsen',

  'field.email': 'E-post',
  'field.password': 'Lösenord',
  'field.newPassword': 'Nytt lösenord',
  'field.passwordHint': 'Minst 10 tecken.',

  'signIn.title': 'Logga in',
  'signIn.lead': 'Logga in hos {{vendor}} med din e-post och ditt lösenord.',
  'signIn.submit': 'Logga in',
  'signIn.toSignUp': 'Ny här? Skapa ett konto',
  'signIn.toForgot': 'Glömt lösenordet?',
  'signIn.emailCode': 'Mejla mig en inloggningskod',

  'code.title': 'Ange din inloggningskod',
  'code.lead': 'Om {{email}} har ett konto hos {{vendor}} har vi skickat en sexsiffrig kod dit. Den fungerar en gång, inom 15 minuter. Mejlet har också en länk som loggar in dig med ett klick.',
  'code.field': 'Inloggningskod',
  'code.submit': 'Logga in',
  'code.resend': 'Skicka en ny kod',
  'code.toSignIn': 'Logga in med lösenord i stället',
  'code.linkTitle': 'Logga in hos {{vendor}}',
  'code.linkLead': 'Tryck på knappen för att slutföra inloggningen.',
  'code.linkSubmit': 'Logga in',
  'error.codeInvalid': 'Koden stämmer inte eller har gått ut. Kontrollera den, eller be om en ny.',
  'error.linkInvalid': 'Inloggningslänken har gått ut, har redan använts eller öppnades i en annan webbläsare. Skriv in koden från mejlet i stället, eller be om en ny.',
  'error.tooManyCodes': 'För många koder har skickats till den här adressen. Vänta några minuter och försök igen.',

  'signUp.title': 'Skapa ett konto',
  'signUp.lead': 'Skapa ditt konto hos {{vendor}}. Vi skickar en länk till din e-post så att du kan slutföra.',
  'signUp.submit': 'Skapa konto',
  'signUp.toSignIn': 'Har du redan ett konto? Logga in',

  'checkMail.title': 'Kolla din e-post',
  'checkMail.text': 'Vi har skickat ett meddelande till {{email}}. Öppna länken i det för att slutföra; där står vad du gör sedan.',

  'confirm.title': 'Slutför ditt konto',
  'confirm.lead': 'Tryck på knappen för att skapa ditt konto hos {{vendor}}.',
  'confirm.submit': 'Skapa mitt konto',

  'done.title': 'Ditt konto är klart',
  'done.text': 'Ditt konto är klart. Gå tillbaka till webbplatsen och logga in.',

  'forgot.title': 'Återställ ditt lösenord',
  'forgot.lead': 'Skriv den e-post du använder hos {{vendor}}. Vi skickar en länk där du väljer ett nytt lösenord.',
  'forgot.submit': 'Skicka länken',
  'forgot.sent': 'Om adressen har ett konto är en länk för att välja nytt lösenord på väg. Den gäller i en timme.',
  'forgot.toSignIn': 'Tillbaka till inloggningen',

  'reset.title': 'Välj ett nytt lösenord',
  'reset.lead': 'Välj ett nytt lösenord för ditt konto hos {{vendor}}.',
  'reset.submit': 'Byt lösenord',
  'reset.done': 'Ditt lösenord är bytt. Gå tillbaka till webbplatsen och logga in.',

  'expired.title': 'Inloggningen har gått ut',
  'expired.text': 'Inloggningssidan var öppen för länge, eller så började inloggningen i en annan webbläsare. Gå tillbaka till webbplatsen och börja om.',

  'signedOut.title': 'Du är utloggad',
  'signedOut.text': 'Du är utloggad från {{vendor}}.',
  'logout.title': 'Loggar ut',
  'logout.text': 'Loggar ut dig från {{vendor}}…',
  'logout.submit': 'Logga ut',

  'error.wrongCredentials': 'E-postadressen och lösenordet matchar inget konto.',
  'error.weakPassword': 'Välj ett lösenord med minst 10 tecken.',
  'error.badEmail': 'Det ser inte ut som en e-postadress. Kontrollera den och försök igen.',
  'error.signUpLinkInvalid': 'Länken har gått ut eller har redan använts. Gå tillbaka till webbplatsen och registrera dig igen.',
  'error.resetLinkInvalid': 'Länken har gått ut eller har redan använts. Be om en ny från inloggningssidan.',
  'error.generic': 'Något gick fel. Försök igen.',

  'status.400': 'Det gick inte',
  'status.401': 'Du behöver logga in',
  'status.403': 'Det får du inte göra',
  'status.404': 'Vi hittade inte det du sökte',
  'status.503': 'Vi har mycket att göra just nu; försök igen om en stund',
  'status.other': 'Något gick fel',
  'problem.technical': 'Detaljer för support: {{detail}} (fel {{status}}, {{code}})',

  'problem.AUTH.RETURN_TO_NOT_ALLOWED': 'Adressen du skulle komma tillbaka till efter inloggningen är inte registrerad för webbplatsen.',
  'problem.AUTH.UNKNOWN_CLIENT': 'Vi känner inte igen den här inloggningslänken. Gå tillbaka till webbplatsen och försök igen.',
  'problem.AUTH.LOGIN_EXPIRED': 'Inloggningen tog för lång tid eller började i en annan webbläsare. Logga in igen.',
  'problem.AUTH.LOGIN_FAILED': 'Inloggningen kunde inte slutföras. Försök igen.',
  'problem.AUTH.ACCESS_DENIED': 'Inloggningen avbröts.',
  'problem.AUTH.SIGN_IN_REQUIRED': 'Logga in först och försök sedan igen.',
  'problem.AUTH.NO_ACCESS_SYNC': 'Webbplatsen har inte kopplat ihop sig med strömningstjänsten.',
  'problem.AUTH.PROVIDER_UNREACHABLE': 'Inloggningen fungerar inte just nu. Försök igen om en stund.',

  'provider.title': 'Vi kunde inte logga in dig',
  'provider.technical': 'Detaljer för support: {{detail}}',
  'provider.generic': 'Något gick fel med inloggningen. Gå tillbaka till webbplatsen och försök igen.',
  'provider.invalid_request': 'Inloggningslänken är ofullständig eller har gått ut. Gå tillbaka till webbplatsen och försök igen.',
  'provider.invalid_client': 'Vi känner inte igen webbplatsen som skickade dig hit. Gå tillbaka och försök igen.',
  'provider.invalid_redirect_uri': 'Webbplatsen som skickade dig hit är inte klar för inloggning än.',
  'provider.access_denied': 'Inloggningen avbröts.',
  'provider.temporarily_unavailable': 'Inloggningen fungerar inte just nu. Försök igen om en stund.',
  'provider.server_error': 'Något gick fel hos oss. Försök igen om en stund.',
};
