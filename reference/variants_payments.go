package reference

// paymentVariants are the permitted choices of the payment options (A-2.5,
// ), the redirect callback, and Document B's
// payments and consent (B-2.1, B-2.2, B-2.5, B-3, B-4.1 to B-4.9).
var paymentVariants = []Variant{}
