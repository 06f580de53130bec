export const fillSignInLabel = "Sign In";
