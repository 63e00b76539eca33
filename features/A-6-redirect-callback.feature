@A-6
Feature: Redirect callback after an external payment (A-6)
  When an external payment is completed, the customer is redirected to the
  merchant with a POST to callBackUrl carrying paymentResult (OK on success,
  an error description otherwise), merchantTransactionId and, on success
  only, unqiueReference (spelled so). The merchant confirms the payment with
  Get Payment Status: CAPTURED means processed. The request that carries
  callBackUrl is not shown by the spec: the profile names the sandbox URL
  that plays the customer at the provider, who completes or declines the
  payment (sandbox.redirectTrigger); without it these scenarios are skipped.
  The suite listens for the callback on a loopback URL.

  Rule: A completed external payment calls the merchant back and reads CAPTURED

    @B-4.7 @A-6#1 @A-6#2 @A-6#4 @A-6#5 @A-6#7
    Scenario: The merchant is called back and confirms the payment
      Given the partner has a received guest payment
      When the customer completes the payment at the provider and is redirected to the merchant
      Then the merchant is called back with paymentResult OK, its merchantTransactionId and the payment's unqiueReference
      And the payment's status reads CAPTURED

  Rule: A declined external payment calls the merchant back with an error description and does not read CAPTURED

    @B-4.7 @A-6#1 @A-6#3 @A-6#4 @A-6#6 @A-6#7
    Scenario: The merchant is called back with the failure of a declined payment
      Given the partner has a received guest payment
      When the customer declines the payment at the provider and is redirected to the merchant
      Then the merchant is called back with an error description as paymentResult, its merchantTransactionId and no unqiueReference
      And the payment's status does not read CAPTURED
