package profile

// conventionBehaviours are the open points of Document A's conventions,
// accounts, authentication, errors and limits.
var conventionBehaviours = []Behaviour{}
