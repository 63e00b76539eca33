package reference

// conventionVariants are the permitted choices of Document A's conventions,
// accounts, authentication, errors and limits.
var conventionVariants = []Variant{}
